/*
 * What the browser editor may change: files under content/, and nothing else. One rule for the Worker's
 * GitHub proxy (which refuses any other write before it reaches GitHub) and for the deploy job's check of
 * the commits the editor's GitHub App pushed (scripts/check-editor-push.ts), which refuses them again.
 */

/** The one folder the editor writes to (a media folder, if one is added, lives inside it). */
export const EDITABLE_FOLDER = "content/";

/** How git names a commit or a file's contents: SHA-1, or SHA-256 in a repository that uses it. */
export const GIT_OBJECT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** Git's modes of an ordinary file; a symbolic link (120000) or a submodule (160000) is never the editor's. */
export const FILE_MODES: ReadonlySet<string> = new Set(["100644", "100755"]);

/**
 * One part of a path as the site's files are named (build/content/tree.ts asks even less: lowercase, digits
 * and hyphens): letters, digits, `_`, `.`, `~` and `-`, not starting with a dot, so neither `.` nor `..`
 * nor a hidden file.
 */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.~-]{0,199}$/;

/** Why the editor may not write to `path`, in words for the person who asked and the activity log; undefined if it may. */
export function pathProblem(path: unknown): string | undefined {
  if (typeof path !== "string" || path === "") return "a file path that is not text";
  const shown = JSON.stringify(path.slice(0, 120));
  if (path.split("/").some((segment) => segment === "..")) return `${shown} climbs out of its folder ("..")`;
  if (path.includes("%")) return `${shown} has an encoded character (%)`;
  if (!path.startsWith(EDITABLE_FOLDER)) return `${shown} is outside ${EDITABLE_FOLDER}`;
  if (
    !path
      .slice(EDITABLE_FOLDER.length)
      .split("/")
      .every((segment) => SEGMENT.test(segment))
  )
    return `${shown} has a character or a part that the site's files never have`;
  return undefined;
}
