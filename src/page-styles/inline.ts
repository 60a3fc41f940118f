import assets from "virtual:client-assets";
import { cspHash } from "../csp-hash.ts";
import { cutStylesheet, prepare } from "./cut.ts";
import { PAGE_STYLES_SLOT } from "./plan.ts";

/** A finished page: its HTML, and the CSP hash of its inlined stylesheet (none under `vite dev`, which links it). */
export interface StyledPage {
  readonly html: string;
  readonly styleHash?: string;
}

/** The plan, read from the build on the first page, not at start-up. */
let plan: ReturnType<typeof prepare> | undefined;

/**
 * Fills the document's style slot with the rules this page's markup uses (a fraction of the site's sheet, so
 * the document fits in the first round trip), and hashes them for the Content-Security-Policy. The island
 * loader brings the whole sheet before anything on the page changes (src/client.tsx).
 */
export async function inlinePageStyles(html: string): Promise<StyledPage> {
  const slot = html.indexOf(PAGE_STYLES_SLOT);
  if (!assets.stylePlan || slot === -1) return { html };
  plan ??= prepare(JSON.parse(assets.stylePlan));
  const css = cutStylesheet(plan, html);
  return {
    html: html.slice(0, slot) + css + html.slice(slot + PAGE_STYLES_SLOT.length),
    styleHash: await cspHash(css),
  };
}
