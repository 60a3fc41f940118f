import { describe, expect, it } from "vitest";
import { routeTable } from "../test/routes.ts";
import { fetchPath } from "../test/html.ts";

/** Every HTML body compiled from content/, with the page that shows it. */
const bodies = routeTable.routes.flatMap((route) => {
  if (route.kind === "article") return [[route.path, route.params.article.html] as const];
  if (route.kind === "legal")
    return [[route.path, [route.params.notice.intro, ...route.params.notice.sections.map((section) => section.html)].join("")] as const];
  if (route.kind === "resources") return [[route.path, route.params.news.map((item) => item.html).join("")] as const];
  return [];
});

describe("links written in content/", () => {
  it.each(bodies)("on %s lead to pages of this site that exist", async (_page, html) => {
    for (const [, href] of html.matchAll(/<a href="(\/[^"#]*)(?:#[^"]*)?"/g)) {
      expect((await fetchPath(href!)).status, href).toBe(200);
    }
  });

  it.each(bodies)("on %s name anchors that exist on their page", async (page, html) => {
    for (const [, path, anchor] of html.matchAll(/<a href="(\/[^"#]*)?#([^"]+)"/g)) {
      const target = await (await fetchPath(path ?? page)).text();
      expect(target, `#${anchor}`).toContain(`id="${anchor}"`);
    }
  });
});
