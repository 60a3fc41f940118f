/**
 * The content is read and compiled once per build, however many plugins and environments ask for it: a
 * result is kept for as long as no file under the content folder has changed (name, size or time), which
 * `vite dev` and the tests' copies notice at their next read.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** Every file and folder under `dir` with its size and time: a change to any of them changes this. */
function fingerprintOf(dir: string): string {
  let names: string[];
  try {
    names = (readdirSync(dir, { recursive: true }) as string[]).sort();
  } catch {
    return "missing";
  }
  return names
    .map((name) => {
      const stats = statSync(join(dir, name));
      return `${name}\0${stats.size}\0${stats.mtimeMs}`;
    })
    .join("\n");
}

/** `compute`, kept per key while the files under its folder are unchanged. */
export function oncePerFolder<Args extends unknown[], Result>(
  compute: (...args: Args) => Result,
  folderOf: (...args: Args) => string,
): (...args: Args) => Result {
  const kept = new Map<string, { readonly fingerprint: string; readonly result: Result }>();
  return (...args) => {
    const key = JSON.stringify(args);
    const fingerprint = fingerprintOf(folderOf(...args));
    const hit = kept.get(key);
    if (hit?.fingerprint === fingerprint) return hit.result;
    const result = compute(...args);
    kept.set(key, { fingerprint, result });
    return result;
  };
}
