/**
 * The Worker's start-up modules: the built entry and every chunk it imports statically, which each new
 * isolate parses and runs before its first response. Chunks reached only through `import()` (the inbox, the
 * contact submission, the queue consumer, e-mail) are left out: the isolate loads them when first needed.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { gzipSync } from "node:zlib";

const BUILT_ENTRY = "dist/worker/index.js";

/** Relative static imports of a built module (`import … from "./x.js"`, `import "./x.js"`), not `import()`. */
const staticImports = (code: string) => Array.from(code.matchAll(/\b(?:from|import)\s*"(\.{1,2}\/[^"]+)"/g), (match) => match[1]!);

export interface StartupModules {
  /** The built files, relative to dist/worker. */
  readonly files: readonly string[];
  /** The source files they were built from (from their source maps), as paths like "src/worker/app.ts" or "node_modules/hono/…". */
  readonly sources: readonly string[];
  readonly raw: number;
  readonly gzip: number;
}

/** Reads the build (run `vite build` first). */
export function workerStartupModules(entry = BUILT_ENTRY): StartupModules {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of staticImports(readFileSync(file, "utf8"))) visit(join(dirname(file), specifier));
  };
  visit(entry);
  const files = [...seen];
  const sources = new Set<string>();
  for (const file of files) {
    if (!existsSync(`${file}.map`)) continue;
    const map = JSON.parse(readFileSync(`${file}.map`, "utf8")) as { sources: string[] };
    for (const source of map.sources) sources.add(relative(process.cwd(), join(dirname(file), source)));
  }
  const code = Buffer.concat(files.map((file) => readFileSync(file)));
  return {
    files: files.map((file) => relative(dirname(entry), file)),
    sources: [...sources].sort(),
    raw: code.length,
    gzip: gzipSync(code, { level: 9 }).length,
  };
}
