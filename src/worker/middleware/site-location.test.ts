import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../app-env.ts";
import { withSiteLocation } from "./site-location.ts";

describe("withSiteLocation", () => {
  const app = new Hono<AppEnv>().use(withSiteLocation).get("/", (c) => c.json(c.get("site")));
  const env = { SITE_ORIGIN: "https://studio.example" };
  const from = (url: string) => app.request(url, {}, env);

  it("gives the production origin, and leaves the production host's answers indexable", async () => {
    const response = await from("https://studio.example/");
    expect(await response.json()).toEqual({ origin: "https://studio.example", indexable: true });
    expect(response.headers.get("x-robots-tag")).toBeNull();
  });

  it("marks every other host a preview: noindex on its answers, the production origin still the site's", async () => {
    for (const url of ["https://creative-law-site.example.workers.dev/", "http://localhost:8787/", "https://www.studio.example/"]) {
      const response = await from(url);
      expect(await response.json(), url).toEqual({ origin: "https://studio.example", indexable: false });
      expect(response.headers.get("x-robots-tag"), url).toBe("noindex");
    }
  });
});
