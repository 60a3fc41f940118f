/**
 * `npm run lighthouse`: audits the home page, the contact page and an article with Lighthouse's mobile preset,
 * three times each (interleaved), over HTTP/2 and over HTTP/1.1, and prints the four category scores, the
 * timings (median of the runs; each run's LCP beside it), each page's document size as recorded, and every
 * audit below full marks in any run. See bench/lib/lighthouse.ts for how the pages are served.
 *
 * A diagnostic: the goals' Lighthouse figures are recorded by `npm run bench` (docs/performance.md), so these
 * are printed only, not written anywhere.
 *
 * Options: --no-build; --runs=<n> (default 3); --paths=<path,path…> audits those pages instead (the attorney
 * page and an article with a picture, say: docs/performance.md, "Pictures"); CHROME_PATH (default
 * /usr/bin/chromium); --json=<dir> keeps each full report. The build reads CONTENT_DIR, if set, as
 * `npm run build` does: a copy of content/ with pictures the practice has not added yet, for one.
 * --private-links audits a page of each private link's kind too (a booking link…: test/support/private-links.ts),
 * each made on the audited server, with its D1 migrated, as the attorney makes one.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FIRST_ROUND_TRIP_BYTES, auditPages, categories, lcpRunsText, shownPath } from "./lib/lighthouse.ts";
import { bin, run } from "./lib/server.ts";
import { routeTable } from "../scripts/lib/site-routes.ts";
import { median } from "./lib/median.ts";

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, "").split("=");
    return [key!, value ?? "true"] as const;
  }),
);
const log = (message: string) => process.stderr.write(`lighthouse: ${message}\n`);
const ms = (value: number) => `${Math.round(value).toLocaleString("en-US")} ms`;

if (!args.has("no-build")) {
  log("building…");
  await run(bin("vite"), ["build"]);
}
const paths = args.get("paths")?.split(",").filter(Boolean) ?? ["/", "/contact", routeTable.byKind.article[0]!.path];
const audits = await auditPages(paths, Number(args.get("runs") ?? 3), log, { privateLinks: args.has("private-links") });

const categoryTitle = (id: (typeof categories)[number]) =>
  id === "seo" ? "SEO" : id.replace(/(^|-)(\w)/g, (_, dash: string, c: string) => `${dash ? " " : ""}${c.toUpperCase()}`);
const header = ["page (mobile)", "protocol", ...categories.map(categoryTitle), "LCP", "FCP", "TBT", "CLS", "document"];
const rows = audits.map((audit) => [
  shownPath(audit.path),
  audit.protocol,
  ...categories.map((id) => String(median(audit.runs.map((lhr) => Math.round((lhr.categories[id]?.score ?? 0) * 100))))),
  `${ms(audit.median.lcp)} (${lcpRunsText(audit)})`,
  ms(audit.median.fcp),
  ms(audit.median.tbt),
  audit.median.cls.toFixed(3),
  `${audit.documentBytes.toLocaleString("en-US")} B`,
]);
const scores = [
  `| ${header.join(" | ")} |`,
  `|---|---|${header
    .slice(2)
    .map(() => "---:")
    .join("|")}|`,
  ...rows.map((row) => `| ${row.join(" | ")} |`),
].join("\n");
const below = new Set<string>();
for (const { path, protocol, runs } of audits) {
  for (const lhr of runs) {
    for (const id of categories) {
      for (const ref of lhr.categories[id]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (audit && ref.weight > 0 && audit.score !== null && audit.score < 1)
          below.add(`${shownPath(path)} (${protocol}) ${id}: ${audit.id}`);
      }
    }
  }
}
const report = [
  `Lighthouse ${audits[0]!.runs[0]!.lighthouseVersion}, mobile preset, measured ${new Date().toISOString().slice(0, 10)}: the median of ${audits[0]!.runs.length} runs per page (each run's LCP in brackets).`,
  "",
  scores,
  "",
  `"document": the page's HTML as Lighthouse recorded it, compressed body and headers, the largest of the runs (a new connection's headers in full); a new connection's first round trip carries ${FIRST_ROUND_TRIP_BYTES.toLocaleString("en-US")} B.`,
  ...(below.size ? ["", "Below full marks in at least one run:", "", ...[...below].map((line) => `- ${line}`)] : []),
].join("\n");
process.stdout.write(`\n${report}\n`);

if (args.has("json")) {
  const dir = args.get("json")!;
  mkdirSync(dir, { recursive: true });
  for (const { path, protocol, runs } of audits) {
    // A private link's secret left out: "book_booking".
    const page =
      path === "/"
        ? "home"
        : shownPath(path)
            .slice(1)
            .replace(/[^a-z0-9-]+/gi, "_")
            .replace(/_$/, "");
    const name = `${page}-${protocol === "HTTP/2" ? "h2" : "http1"}`;
    for (const [index, lhr] of runs.entries()) writeFileSync(join(dir, `${name}-${index + 1}.json`), JSON.stringify(lhr, null, 2));
  }
}
