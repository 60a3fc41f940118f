/**
 * What a build was made from, written beside its output (never among the files it serves), so that the launch
 * check can refuse to deploy a build that is not the practice's published site: one with drafts
 * (`CONTENT_DRAFTS=include`) or one read from another folder than content/ (`CONTENT_DIR`).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** Where the stamp is, from the project's root. */
export const BUILD_STAMP = "dist/content-build.json";

export interface BuildStamp {
  /** Whether drafts were built as published pages. */
  readonly drafts: boolean;
  /** The content folder read, from the project's root. */
  readonly contentDir: string;
}

export function writeBuildStamp(root: string, stamp: BuildStamp): void {
  const file = join(root, BUILD_STAMP);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(stamp, null, 2)}\n`);
}

/** The stamp of the last build at `root`, or undefined when nothing was built there. */
export const readBuildStamp = (root: string): BuildStamp | undefined =>
  existsSync(join(root, BUILD_STAMP)) ? (JSON.parse(readFileSync(join(root, BUILD_STAMP), "utf8")) as BuildStamp) : undefined;
