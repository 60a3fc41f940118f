/**
 * Prints the size of what `vite build` produced: the worker bundle and every client file, raw and gzip.
 * Run by `npm run build`; docs/performance.md quotes its figures.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { CMS_ASSETS_DIR, CMS_ENTRY, CMS_MANIFEST } from "../build/cms/vite-plugin.ts";
import { SEARCH_INDEX_SCRIPT } from "../src/content/stored-keys.ts";
import { workerStartupModules } from "./lib/worker-startup.ts";

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? (name === ".vite" ? [] : filesUnder(path)) : [path];
  });
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function row(path: string) {
  const content = readFileSync(path);
  return { file: relative("dist", path), raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
}

const worker = filesUnder("dist/worker")
  .filter((path) => path.endsWith(".js"))
  .map(row);
// The browser editor's build (/admin/content/ only, src/cms) and the article search's index (fetched only
// once a visitor searches) are reported apart: no page loads them with itself.
const editorDir = join("dist/client", CMS_ASSETS_DIR);
const searchDir = join("dist/client", dirname(SEARCH_INDEX_SCRIPT));
const client = filesUnder("dist/client")
  .filter((path) => /\.(js|css)$/.test(path) && !path.startsWith(`${editorDir}/`) && !path.startsWith(`${searchDir}/`))
  .map(row);
const search = filesUnder(searchDir).map(row);

console.log("\nBundle sizes (gzip -9)");
for (const { file, raw, gzip } of [...worker, ...client]) {
  console.log(`  ${file.padEnd(48)} ${kib(raw).padStart(11)} ${kib(gzip).padStart(11)} gzip`);
}
const total = (rows: typeof worker) => rows.reduce((sum, r) => sum + r.gzip, 0);
console.log(`  ${"worker total".padEnd(48)} ${"".padStart(11)} ${kib(total(worker)).padStart(11)} gzip`);
const startup = workerStartupModules();
console.log(
  `  ${`worker start-up (${startup.files.length} files; the rest on first use)`.padEnd(48)} ${kib(startup.raw).padStart(11)} ${kib(startup.gzip).padStart(11)} gzip`,
);
console.log(
  `  ${"client JS total (all routes, all islands)".padEnd(48)} ${"".padStart(11)} ${kib(total(client.filter((r) => r.file.endsWith(".js")))).padStart(11)} gzip`,
);
console.log(
  `  ${`article search's index (${search.length} files, on first search)`.padEnd(48)} ${"".padStart(11)} ${kib(total(search)).padStart(11)} gzip`,
);

/** The editor: what its page loads first (its entry and the chunks that entry imports), and all it may load. */
const editorManifest = JSON.parse(readFileSync(join("dist/client", CMS_MANIFEST), "utf8")) as Record<
  string,
  { file: string; imports?: string[] }
>;
const firstLoad = new Set<string>();
const visit = (key: string) => {
  const chunk = editorManifest[key]!;
  if (firstLoad.has(chunk.file)) return;
  firstLoad.add(chunk.file);
  for (const next of chunk.imports ?? []) visit(next);
};
visit(CMS_ENTRY);
const editorFiles = filesUnder(editorDir).map(row);
const editorJs = editorFiles.filter((r) => r.file.endsWith(".js"));
const first = editorJs.filter((r) => firstLoad.has(relative("dist/client", join("dist", r.file))));
console.log(
  `  ${`editor at /admin/content/: its entry${first.length > 1 ? ` and imports (${first.length} files)` : ""}`.padEnd(48)} ${kib(first.reduce((sum, r) => sum + r.raw, 0)).padStart(11)} ${kib(total(first)).padStart(11)} gzip`,
);
console.log(
  `  ${`editor: every file it may load (${editorFiles.length}: code grammars, fonts…)`.padEnd(48)} ${kib(editorFiles.reduce((sum, r) => sum + r.raw, 0)).padStart(11)} ${kib(total(editorFiles)).padStart(11)} gzip`,
);
