import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** A temporary copy of a content folder with `files` (paths relative to it; texts, or a picture's bytes) added: for tests. */
export function contentCopy(from: string, files: Readonly<Record<string, string | Uint8Array>>): string {
  const dir = join(mkdtempSync(join(tmpdir(), "content-")), "content");
  cpSync(from, dir, { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}
