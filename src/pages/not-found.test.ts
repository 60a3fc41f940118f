import { expect, it, vi } from "vitest";
import { site } from "../content/index.ts";
import { decodeEntities, fetchPath } from "../test/html.ts";

it("the 404 page leads home, and to the services, the resources and the contact page, in the navigation's words", async () => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  const html = await (await fetchPath("/no-such-page")).text();
  vi.restoreAllMocks();
  const main = html.slice(html.indexOf('<main id="main"'), html.indexOf("</main>"));
  const links = [...main.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(([, href, text]) => [decodeEntities(text!), href]);
  const { services, resources, contact } = site.navigation;
  expect(links).toEqual([
    ["Return to Home", "/"],
    [services, "/services"],
    [resources, "/resources"],
    [contact, "/contact"],
  ]);
});
