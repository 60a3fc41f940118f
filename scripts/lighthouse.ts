/**
 * `npm run lighthouse`: audits the home page, the contact page and an article with Lighthouse's mobile
 * preset (its default: a mid-range phone on a throttled 4G connection, simulated) and prints the four
 * category scores, and every audit below full marks.
 *
 * The build is served by `wrangler dev` over HTTPS (its self-signed certificate) and Chromium reaches it
 * under the production host name (SITE_ORIGIN's host, mapped to 127.0.0.1), so the pages are audited as
 * they are served in production: not as a preview, which says noindex and would cost the SEO score.
 *
 * Options: --no-build; CHROME_PATH (default /usr/bin/chromium); --json=<dir> keeps each full report;
 * --readme replaces the table in README.md between the lighthouse markers.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { routeTable } from "./lib/site-routes.ts";
import { bin, run, startServer } from "./lib/server.ts";

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, "").split("=");
    return [key!, value ?? "true"] as const;
  }),
);
const log = (message: string) => process.stderr.write(`lighthouse: ${message}\n`);

/** SITE_ORIGIN from wrangler.toml: the host the pages are audited under. */
function productionHost(): string {
  const match = /^SITE_ORIGIN\s*=\s*"([^"]+)"/m.exec(readFileSync("wrangler.toml", "utf8"));
  if (!match) throw new Error("SITE_ORIGIN not found in wrangler.toml");
  return new URL(match[1]!).host;
}

const categories = ["performance", "accessibility", "best-practices", "seo"] as const;

async function main() {
  if (!args.has("no-build")) {
    log("building…");
    await run(bin("vite"), ["build"]);
  }
  const host = productionHost();
  const article = routeTable.byKind.article[0]!.path;
  const paths = ["/", "/contact", article];

  log("starting wrangler dev (HTTPS)…");
  const server = await startServer({ persistTo: ".wrangler/lighthouse", extraArgs: ["--local-protocol", "https"] });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--host-resolver-rules=MAP ${host} 127.0.0.1:${server.port}`,
      // wrangler dev's certificate is self-signed for localhost.
      "--ignore-certificate-errors",
    ],
  });
  const rows: string[][] = [];
  const below: string[] = [];
  let lighthouseVersion = "";
  try {
    for (const path of paths) {
      const url = `https://${host}${path}`;
      log(`auditing ${url}…`);
      const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...categories] });
      if (!result) throw new Error(`no result for ${url}`);
      const { lhr } = result;
      lighthouseVersion = lhr.lighthouseVersion;
      if (args.has("json")) {
        const dir = args.get("json")!;
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, `${path === "/" ? "home" : path.replace(/^\//, "").replace(/\//g, "_")}.json`), JSON.stringify(lhr, null, 2));
      }
      rows.push([path, ...categories.map((id) => String(Math.round((lhr.categories[id]?.score ?? 0) * 100)))]);
      for (const id of categories) {
        for (const ref of lhr.categories[id]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
          below.push(`${path} ${id}: ${audit.id} (${Math.round(audit.score * 100)})${audit.displayValue ? ` ${audit.displayValue}` : ""}`);
        }
      }
      const metrics = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"]
        .map((id) => `${id.replace(/-/g, " ")} ${lhr.audits[id]?.displayValue ?? "n/a"}`)
        .join(", ");
      log(`  ${metrics}`);
    }
  } finally {
    chrome.kill();
    server.stop();
  }

  const header = ["page (mobile)", "Performance", "Accessibility", "Best Practices", "SEO"];
  const scores = [`| ${header.join(" | ")} |`, `|---|${header.slice(1).map(() => "---:").join("|")}|`, ...rows.map((row) => `| ${row.join(" | ")} |`)].join("\n");
  process.stdout.write(`${scores}\n`);
  if (below.length > 0) process.stdout.write(`\nAudits below full marks:\n${below.map((line) => `  ${line}`).join("\n")}\n`);

  if (args.has("readme")) {
    const start = "<!-- lighthouse:start -->";
    const end = "<!-- lighthouse:end -->";
    const readme = readFileSync("README.md", "utf8");
    if (!readme.includes(start) || !readme.includes(end)) throw new Error("README.md lacks the lighthouse markers");
    const report = [
      `Lighthouse ${lighthouseVersion}, mobile preset, measured ${new Date().toISOString().slice(0, 10)} with \`npm run lighthouse\` (scores vary by a point or two between runs on this shared machine).`,
      "",
      scores,
      ...(below.length > 0 ? ["", "Below full marks:", "", ...below.map((line) => `- ${line}`)] : []),
    ].join("\n");
    writeFileSync("README.md", readme.replace(new RegExp(`${start}[\\s\\S]*?${end}`), () => `${start}\n${report}\n${end}`));
    log("README.md updated");
  }
}

await main();
