/**
 * Turnstile before launch: the contact form goes live only behind Cloudflare Turnstile, so wrangler.toml
 * must name the widget's site key, and not one of Cloudflare's testing keys (which pass or fail every
 * visitor). The secret cannot be seen from here: the item says to set it too. At runtime one key without
 * the other refuses every post (src/worker/turnstile.ts).
 */
import type { LaunchItem } from "./launch.ts";

/** Cloudflare's documented testing site keys: 1x…AA, 2x…AB, 1x…BB, 2x…BB, 3x…FF. */
const TESTING_SITE_KEY = /^[123]x0{20}[A-F]{2}$/;

const SECRET_STEP =
  "and run `npx wrangler secret put TURNSTILE_SECRET_KEY` with its secret (this check cannot see secrets; docs/security.md)";

export function turnstileToConfigure(vars: Readonly<Record<string, unknown>>): LaunchItem[] {
  const siteKey = String(vars.TURNSTILE_SITE_KEY ?? "").trim();
  const where = "wrangler.toml";
  if (siteKey === "")
    return [
      {
        where,
        text: `TURNSTILE_SITE_KEY is empty: create a Turnstile widget for the site's hostname, put its site key here ${SECRET_STEP}`,
      },
    ];
  if (TESTING_SITE_KEY.test(siteKey))
    return [
      {
        where,
        text: `TURNSTILE_SITE_KEY ${JSON.stringify(siteKey)} is a Cloudflare testing key: put the site's own widget's key here ${SECRET_STEP}`,
      },
    ];
  return [];
}
