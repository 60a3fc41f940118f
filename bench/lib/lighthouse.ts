/**
 * Lighthouse audits of the built site (mobile preset: a mid-range phone on a throttled 4G connection,
 * simulated), shared by `npm run lighthouse` and `npm run bench`. The build is served in workerd as deployed
 * (bench/lib/workerd-server.ts: without wrangler dev's proxy, whose extra hop and HTML rewriting the
 * simulation would count as server time on every request) over HTTPS (a self-signed certificate), and
 * Chromium reaches it under the production host name (SITE_ORIGIN's host, mapped to 127.0.0.1), so pages are
 * audited as production serves them, not as a preview (noindex).
 *
 * Each page is audited over HTTP/2, as Cloudflare serves it (through bench/lib/http2-front.ts), and over
 * workerd's own HTTP/1.1, where the simulation opens a second and third connection for the fonts.
 */
import { readFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import type { Result } from "lighthouse";
import { startHttp2Front } from "./http2-front.ts";
import { startWorkerd } from "./workerd-server.ts";
import { missingFigure } from "./lighthouse-figures.ts";
import { median } from "./median.ts";
import { privateLinkPages, privateLinkPaths } from "../../test/support/private-links.ts";

export const categories = ["performance", "accessibility", "best-practices", "seo"] as const;

/** How the browser reaches the server: HTTP/2 as at Cloudflare's edge, or workerd's own HTTP/1.1. */
export type Protocol = "HTTP/2" | "HTTP/1.1";
export const protocols: readonly Protocol[] = ["HTTP/2", "HTTP/1.1"];

/** One page's audits: each run's full report, and the median of the runs for the figures the goals name. */
export interface PageAudit {
  readonly path: string;
  readonly protocol: Protocol;
  readonly runs: readonly Result[];
  readonly median: { readonly lcp: number; readonly fcp: number; readonly cls: number; readonly tbt: number; readonly performance: number };
  /**
   * Each run's LCP, in run order: over HTTP/2 the simulation's figure for the same page can move by a round
   * trip (150 ms) from run to run (docs/performance.md, "Where the LCP comes from"), which the median alone
   * would hide.
   */
  readonly lcpRuns: readonly number[];
  /**
   * The page's document as Lighthouse recorded it (compressed body and response headers), the largest of the
   * runs: the run that opened the connection sent the headers in full. Above FIRST_ROUND_TRIP_BYTES, the
   * simulation needs one more round trip (150 ms) before the document has arrived.
   */
  readonly documentBytes: number;
}

/** The goal for each audited page's LCP over HTTP/2 (median of the runs), in ms. */
export const LCP_GOAL_MS = 1_200;

/** What a new connection delivers in its first round trip in Lighthouse's simulation: 10 TCP segments of 1,460 bytes. */
export const FIRST_ROUND_TRIP_BYTES = 14_600;

/** The transfer size of the page's own document in a Lighthouse report. */
function documentTransferSize(lhr: Result): number {
  const requests =
    (lhr.audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  return requests.find((request) => request.resourceType === "Document")?.transferSize ?? Number.NaN;
}

/** SITE_ORIGIN's host from wrangler.toml: the host the pages are audited under. */
export function productionHost(): string {
  const match = /^SITE_ORIGIN\s*=\s*"([^"]+)"/m.exec(readFileSync("wrangler.toml", "utf8"));
  if (!match) throw new Error("SITE_ORIGIN not found in wrangler.toml");
  return new URL(match[1]!).host;
}

/**
 * Chromium for Lighthouse, reaching the production host name at the local `port` (its certificate is
 * self-signed). Kill it when done.
 */
export function launchAuditBrowser(host: string, port: number): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--host-resolver-rules=MAP ${host} 127.0.0.1:${port}`,
      // Both certificates are self-signed.
      "--ignore-certificate-errors",
    ],
  });
}

/** Each run's LCP, as the bench and `npm run lighthouse` print them beside the median: "1,061, 1,091, 1,206". */
export const lcpRunsText = (audit: PageAudit) => audit.lcpRuns.map((ms) => Math.round(ms).toLocaleString("en-US")).join(", ");

/**
 * One audit of `url`, run again (twice at most) if Lighthouse returns a report without one of the figures
 * (now and then it fails to record the trace: NO_NAVSTART): a median must be of measured figures, and such
 * a run would otherwise pass unseen.
 */
async function auditWithFigures(url: string, port: number, log: (message: string) => void): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: [...categories] });
    if (!result) throw new Error(`no result for ${url}`);
    const missing = missingFigure(result.lhr);
    if (!missing) return result.lhr;
    if (attempt === 3) throw new Error(`Lighthouse gave ${url} no figures three times: ${missing}`);
    log(`${url}: ${missing}; auditing it again`);
  }
}

/**
 * What a page behind a private link is called in reports: its path without the secret, and its kind
 * ("/book/… (booking)"); any other path as it is.
 */
export const shownPath = (path: string) => privateLinkNames.get(path) ?? path;
const privateLinkNames = new Map<string, string>();

/**
 * Audits each path `runs` times over each protocol (paths interleaved), on the existing build. With
 * `privateLinks`, also a page of each private link's kind (test/support/private-links.ts: a booking link…),
 * each link made on the audited server as the attorney makes one, after the paths given.
 */
export async function auditPages(
  paths: readonly string[],
  runs: number,
  log: (message: string) => void,
  { privateLinks = false } = {},
): Promise<PageAudit[]> {
  const host = productionHost();
  // The Worker must see the https:// address the browser asked for (over http://, the production host's
  // HTTP-to-HTTPS redirect would send the browser round in a loop).
  const server = await startWorkerd({ https: true, inbox: privateLinks });
  if (privateLinks) {
    // Made through the Worker at a loopback address, where the inbox signs in the local developer; the
    // pages are then audited under the production host like the rest.
    const made = await privateLinkPaths("http://localhost", server.dispatchFetch);
    for (const [index, path] of made.entries())
      privateLinkNames.set(path, `${path.replace(/[^/]+$/, "")}… (${privateLinkPages[index]!.kind})`);
    paths = [...paths, ...made];
  }
  const front = await startHttp2Front(server.port);
  const reports = new Map<string, Result[]>();
  try {
    for (const protocol of protocols) {
      const port = protocol === "HTTP/2" ? front.port : server.port;
      const chrome = await launchAuditBrowser(host, port);
      try {
        for (let run = 1; run <= runs; run++) {
          for (const path of paths) {
            const url = `https://${host}${path}`;
            log(`lighthouse ${protocol} ${run}/${runs}: ${url}`);
            const key = `${protocol} ${path}`;
            reports.set(key, [...(reports.get(key) ?? []), await auditWithFigures(url, chrome.port, log)]);
          }
        }
      } finally {
        chrome.kill();
      }
    }
  } finally {
    front.stop();
    server.stop();
  }
  return protocols.flatMap((protocol) =>
    paths.map((path) => {
      const lhrs = reports.get(`${protocol} ${path}`)!;
      const figures = (id: string) => lhrs.map((lhr) => lhr.audits[id]?.numericValue ?? Number.NaN);
      const figure = (id: string) => median(figures(id));
      return {
        path,
        protocol,
        runs: lhrs,
        median: {
          lcp: figure("largest-contentful-paint"),
          fcp: figure("first-contentful-paint"),
          cls: figure("cumulative-layout-shift"),
          tbt: figure("total-blocking-time"),
          performance: median(lhrs.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100))),
        },
        lcpRuns: figures("largest-contentful-paint"),
        documentBytes: Math.max(...lhrs.map(documentTransferSize)),
      };
    }),
  );
}
