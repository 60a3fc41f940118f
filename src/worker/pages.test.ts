import { describe, expect, it, vi } from "vitest";
import { routeTable } from "../test/routes.ts";
import { descriptionOf, fetchPath, headingsOf, titleOf } from "../test/html.ts";

describe("every route of the table", () => {
  it.each(routeTable.routes.map((route) => [route.path, route] as const))(
    "%s answers 200 with its own title and description",
    async (path, route) => {
      const response = await fetchPath(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/html; charset=utf-8/i);
      const html = await response.text();
      expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
      expect(html).toContain('<html lang="en">');
      expect(titleOf(html)).toBe(route.title);
      expect(descriptionOf(html)).toBe(route.description);
      expect(headingsOf(html, 1)).toHaveLength(1);
    },
  );

  it("gives every page a title and description of its own", () => {
    const titles = new Set(routeTable.routes.map((route) => route.title));
    const descriptions = new Set(routeTable.routes.map((route) => route.description));
    expect(titles.size).toBe(routeTable.routes.length);
    expect(descriptions.size).toBe(routeTable.routes.length);
    for (const route of routeTable.routes) expect(route.description.length).toBeGreaterThan(50);
  });
});

describe("the shared shell", () => {
  it("puts a skip link first, then header, navigation, main and footer landmarks", async () => {
    const html = await (await fetchPath("/services")).text();
    const body = html.slice(html.indexOf("<body"));
    expect(body.indexOf('href="#main"')).toBeLessThan(body.indexOf("<header"));
    for (const landmark of ["<header", '<nav aria-label="Main"', '<main id="main"', "<footer"]) expect(body).toContain(landmark);
  });

  it("marks the current route in the navigation, and About on both about routes", async () => {
    const services = await (await fetchPath("/services")).text();
    expect(services).toMatch(/<a href="\/services" aria-current="page"/);
    expect(services).not.toMatch(/<a href="\/contact" aria-current/);

    for (const path of ["/about", routeTable.routes.find((r) => r.kind === "attorney")!.path]) {
      const html = await (await fetchPath(path)).text();
      expect(html).toMatch(/<button[^>]*aria-current="page"[^>]*>About/);
    }
  });

  it("shows the footer the spec lists", async () => {
    const html = await (await fetchPath("/")).text();
    const footer = html.slice(html.indexOf("<footer"));
    expect(footer).toContain("Legal guidance for the creative world");
    expect(footer).toContain("copyright 2025 all rights reserved");
    expect(footer).toMatch(/target="_blank" rel="noopener noreferrer"/);
    expect(footer).toMatch(/href="mailto:[^"]+@[^"]+"/);
    for (const path of ["/terms-of-use", "/privacy-policy", "/legal-disclaimer"]) expect(footer).toContain(`href="${path}"`);
    expect(footer).toMatch(/not legal advice/i);
  });
});

describe("unknown paths", () => {
  it("answer 404 with the spec's page and log the path once, without the query", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await fetchPath("/no-such-page?email=someone@example.com");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(headingsOf(html, 1)).toEqual(["Oops! Page not found"]);
    expect(html).toMatch(/<a href="\/"[^>]*>Return to Home<\/a>/);
    expect(html).toContain("data-not-found");
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0])).toContain("/no-such-page");
    expect(String(logged.mock.calls[0])).not.toContain("someone@example.com");
    logged.mockRestore();
  });

  it("include deeper paths under real sections", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await fetchPath("/blog/not-an-article")).status).toBe(404);
    expect((await fetchPath("/services/unknown")).status).toBe(404);
    vi.restoreAllMocks();
  });
});
