import { describe, expect, it } from "vitest";
import { turnstileToConfigure } from "./launch-turnstile.ts";

describe("Turnstile before launch", () => {
  it("passes with the site's own widget's key", () => {
    expect(turnstileToConfigure({ TURNSTILE_SITE_KEY: "0x4AAAAAAAB3c5d6e7f8g9h0" })).toEqual([]);
  });

  it.each([undefined, "", "  "])("is listed while the site key is empty (%j), saying the secret is needed too", (siteKey) => {
    const [item, ...rest] = turnstileToConfigure({ TURNSTILE_SITE_KEY: siteKey });
    expect(rest).toEqual([]);
    expect(item!.where).toBe("wrangler.toml");
    expect(item!.text).toMatch(/^TURNSTILE_SITE_KEY is empty/);
    expect(item!.text).toContain("wrangler secret put TURNSTILE_SECRET_KEY");
  });

  it.each(["1x00000000000000000000AA", "2x00000000000000000000AB", "3x00000000000000000000FF"])(
    "is listed while the site key is Cloudflare's testing key %s",
    (siteKey) => {
      expect(turnstileToConfigure({ TURNSTILE_SITE_KEY: siteKey })[0]!.text).toMatch(
        /testing key.*wrangler secret put TURNSTILE_SECRET_KEY/,
      );
    },
  );
});
