import assets from "virtual:client-assets";
import { cspHash } from "../csp-hash.ts";
import { cutStylesheet, prepare } from "./cut.ts";
import { PAGE_STYLES_SLOT } from "./plan.ts";

/** A finished page: its HTML, and the CSP hash of its inlined stylesheet (none under `vite dev`, which links it). */
export interface StyledPage {
  readonly html: string;
  readonly styleHash?: string;
}

/** Reads a static file of the build as text (the Worker's ASSETS binding). */
export type StaticFileReader = (path: string) => Promise<string>;

/** The plan, read from the build's static files by the first page that needs it, then kept by the isolate. */
let plan: Promise<ReturnType<typeof prepare>> | undefined;
const planFrom = (path: string, read: StaticFileReader) => {
  plan ??= read(path).then((json) => prepare(JSON.parse(json)));
  // A failed read is not kept: the next page tries again.
  plan.catch(() => {
    plan = undefined;
  });
  return plan;
};

/**
 * Fills the document's style slot with the rules this page's markup uses (a fraction of the site's sheet, so
 * the document fits in the first round trip), and hashes them for the Content-Security-Policy. The island
 * loader brings the whole sheet before anything on the page changes (src/client.tsx).
 */
export async function inlinePageStyles(html: string, read: StaticFileReader): Promise<StyledPage> {
  const slot = html.indexOf(PAGE_STYLES_SLOT);
  if (!assets.stylePlan || slot === -1) return { html };
  const css = cutStylesheet(await planFrom(assets.stylePlan, read), html);
  return {
    html: html.slice(0, slot) + css + html.slice(slot + PAGE_STYLES_SLOT.length),
    styleHash: await cspHash(css),
  };
}
