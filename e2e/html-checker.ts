import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

/*
 * The W3C's Nu Html Checker (vnu.jar, run with Java), once over a set of pages. Errors and warnings are
 * problems. Plain "info" notes are not: the only one the pages give is that a trailing slash on a void
 * element (`<meta …/>`, as React writes it) has no effect, which is true and harmless.
 *
 * The checker's CSS messages are left out: the stylesheet every page inlines is Tailwind's output, written
 * with CSS the checker's CSS module does not know yet (`@property`, `margin-trim`), which browsers do. This
 * checks the HTML, as it did while the stylesheet was linked rather than inlined.
 */

const vnuJar = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

/**
 * One short run: the JVM's quick compiler only (C1), which halves the checker's CPU over the site's pages
 * (13 against 6 core-seconds for 19 pages, the same report), with the deeper thread stack that C1's larger
 * frames need (the checker's schema is deeply recursive; it names -Xss512k for the JVM's default compilers).
 */
const javaOptions = ["-XX:TieredStopAtLevel=1", "-Xss16m"];

interface VnuMessage {
  readonly type: "error" | "info" | "non-document-error";
  readonly subType?: string;
  readonly url?: string;
  readonly message: string;
  readonly lastLine?: number;
  readonly extract?: string;
}

/** Each page's errors and warnings, one line each ("name:line kind: message [extract]"); none when all are valid. */
export function htmlProblems(pages: ReadonlyMap<string, string>): string[] {
  const folder = mkdtempSync(join(tmpdir(), "vnu-"));
  try {
    const files = new Map(Array.from(pages, ([name, html], index) => [join(folder, `page-${index}.html`), { name, html }]));
    for (const [file, { html }] of files) writeFileSync(file, html);
    let report: string;
    try {
      report = execFileSync(
        "java",
        [...javaOptions, "-jar", vnuJar, "--format", "json", "--exit-zero-always", "--stdout", ...files.keys()],
        {
          encoding: "utf8",
          maxBuffer: 64 * 1024 * 1024,
        },
      );
    } catch (error) {
      throw new Error(`Could not run the Nu Html Checker with Java (on Debian: apt-get install default-jre-headless): ${String(error)}`);
    }
    const { messages } = JSON.parse(report) as { messages: VnuMessage[] };
    return messages
      .filter((message) => message.type !== "info" || message.subType === "warning")
      .filter((message) => !message.message.startsWith("CSS: "))
      .map((message) => {
        const page = files.get(new URL(message.url ?? "file:///").pathname)?.name ?? message.url;
        return `${page}:${message.lastLine ?? "?"} ${message.subType ?? message.type}: ${message.message} [${message.extract?.trim() ?? ""}]`;
      });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
