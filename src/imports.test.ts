import { describe, expect, it } from "vitest";

/*
 * The shape of the source tree: no module imports itself through others (type-only imports count, as they
 * tie the modules' meanings together all the same).
 */

const sources = import.meta.glob<string>(["/src/**/*.{ts,tsx}", "!/src/**/*.d.ts"], { query: "?raw", import: "default", eager: true });

/** Relative imports of one module, resolved to paths like "/src/worker/env.ts". */
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

describe("the source tree", () => {
  const graph = new Map(Object.entries(sources).map(([path, source]) => [path, importsOf(path, source)]));

  it("is read whole (the graph is not empty)", () => {
    expect(graph.get("/src/worker/app.ts")).toContain("/src/worker/env.ts");
  });

  it("has no import cycles", () => {
    expect(cyclesOf(graph).map((cycle) => cycle.join(" -> "))).toEqual([]);
  });
});
