import { describe, expect, it } from "vitest";
import { routeTable } from "../routes.ts";
import { decodeEntities, fetchPath, headingsOf } from "../html.ts";
import { visibleText } from "../visible-text.ts";
import { edits } from "./edits.ts";

/*
 * Run by the `content-edits` project of vitest.config.ts, on a copy of content/ after a writer's ordinary
 * day (./edits.ts); ./site.test.ts runs on it too. Each edit shows where a visitor would look for it.
 */
const page = async (path: string) => {
  const html = await (await fetchPath(path)).text();
  return { html, decoded: decodeEntities(html), text: visibleText(html) };
};

describe("after a writer's ordinary day", () => {
  it("the new article, dated today, has its page and leads the resources and the home carousel", async () => {
    const path = `/blog/${edits.article.slug}`;
    const article = await page(path);
    expect(headingsOf(article.html, 1)).toEqual([edits.article.title]);
    expect(headingsOf(article.html, 2)).toEqual(expect.arrayContaining(["Approving the Design", "Paying in Stages", "Credit and Care"]));
    expect(headingsOf((await page("/resources")).html, 3)[0]).toBe(edits.article.title);
    expect((await page("/")).decoded).toMatch(
      new RegExp(`data-island="article-carousel" data-props="\\{"articles":\\[\\{[^}]*"path":"${path}"`),
    );
  });

  it("the news item is on the resources page", async () => {
    expect(headingsOf((await page("/resources")).html, 3)).toContain(edits.news.title);
  });

  it("the renamed service has its new title on its card and its page", async () => {
    const renamed = routeTable.byKind.service.find((route) => route.params.service.title === edits.serviceTitle);
    expect(renamed).toBeDefined();
    expect(headingsOf((await page(renamed!.path)).html, 1)).toEqual([edits.serviceTitle]);
    expect((await page("/services")).text).toContain(renamed!.params.service.cardTitle);
  });

  it("the founder's new name heads the profile and signs the articles; the new address is in every footer", async () => {
    const profile = routeTable.byKind.attorney[0]!;
    expect(headingsOf((await page(profile.path)).html, 1)).toEqual([edits.founderName]);
    expect((await page(`/blog/${edits.article.slug}`)).text).toContain(`By ${edits.founderName}`);
    for (const path of ["/", "/contact", "/privacy-policy"]) expect((await page(path)).html).toContain(`href="mailto:${edits.email}"`);
  });
});
