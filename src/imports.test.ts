import { describe, expect, it } from "vitest";

/*
 * The shape of the source tree: dependencies point one way (docs/architecture.md), and no module imports
 * itself through others. Type-only imports count, as they tie the modules' meanings together all the same.
 */

const sources = import.meta.glob<string>(["/src/**/*.{ts,tsx}", "!/src/**/*.d.ts"], { query: "?raw", import: "default", eager: true });

/** Relative imports of one module, resolved to paths like "/src/env.ts". */
function importsOf(path: string, source: string): string[] {
  const specifiers = Array.from(source.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+"(\.{1,2}\/[^"]+)"/gm), (match) => match[1]!);
  return specifiers.map((specifier) => new URL(specifier, `file://${path}`).pathname);
}

/** Every cycle of the graph, each once, as the path that closes it. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const stack: string[] = [];
  const visit = (node: string) => {
    const at = stack.indexOf(node);
    if (at !== -1) {
      cycles.push([...stack.slice(at), node]);
      return;
    }
    if (done.has(node)) return;
    stack.push(node);
    for (const next of graph.get(node) ?? []) visit(next);
    stack.pop();
    done.add(node);
  };
  for (const node of graph.keys()) visit(node);
  return cycles;
}

/**
 * What each part of src/ may import besides itself; the Worker (src/worker) may import everything. Tests
 * and their set-up (src/test) are not held to it.
 */
const mayImport: Readonly<Record<string, readonly string[]>> = {
  admin: ["booking", "components", "contact", "content", "db", "env.ts", "log-text.ts", "queue", "csp-hash.ts", "engagement"],
  queue: ["booking", "contact", "content", "db", "env.ts", "engagement"],
  db: ["booking", "contact", "content", "env.ts", "engagement", "log-text.ts"],
  // Consultations' times and calendars: plain data in and out, below the database.
  booking: ["content"],
  // Engagement letters filled in, their chain of hashes, the signed PDF and its copy in R2: below the database.
  engagement: ["content"],
  pages: ["booking", "components", "contact", "content", "islands", "routes", "seo", "views"],
  // The pages' views: plain data in, markup out, so the pages and the editor's previews draw with the same.
  views: ["components", "content", "routes"],
  components: ["contact", "content", "islands", "page-styles", "routes", "seo"],
  islands: ["components", "contact", "content", "routes"],
  seo: ["content", "routes"],
  routes: ["booking", "content"],
  "page-styles": ["csp-hash.ts"],
  content: ["contact"],
  contact: ["content", "log-text.ts"],
  "client.tsx": ["islands"],
  // The browser editor's previews render the pages' views and unwrap placeholder(…) as the build does.
  cms: ["content", "views", "/build/content/placeholders.ts"],
  "env.ts": [],
  "csp-hash.ts": [],
  "log-text.ts": [],
};

/** The part of src/ a path belongs to: its folder, or its file name for a file at the top. */
const partOf = (path: string) => (path.startsWith("/src/") ? path.split("/")[2]! : path);
const isTest = (path: string) => /\.test\.tsx?$/.test(path) || path.startsWith("/src/test/");

describe("the source tree", () => {
  const graph = new Map(Object.entries(sources).map(([path, source]) => [path, importsOf(path, source)]));

  it("is read whole (the graph is not empty)", () => {
    expect(graph.get("/src/worker/index.ts")).toContain("/src/env.ts");
  });

  it("points one way: each part imports only the parts below it", () => {
    const against = [...graph].flatMap(([path, imports]) => {
      const allowed = mayImport[partOf(path)];
      if (!allowed || isTest(path)) return [];
      return imports
        .filter((target) => partOf(target) !== partOf(path) && !allowed.includes(partOf(target)))
        .map((target) => `${path} -> ${target}`);
    });
    expect(against).toEqual([]);
  });

  it("knows every part of src/", () => {
    const parts = new Set([...graph.keys()].filter((path) => !isTest(path)).map(partOf));
    expect([...parts].filter((part) => part !== "worker" && !(part in mayImport))).toEqual([]);
  });

  it("has no import cycles", () => {
    expect(cyclesOf(graph).map((cycle) => cycle.join(" -> "))).toEqual([]);
  });
});
