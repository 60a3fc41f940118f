import { describe, expect, it } from "vitest";
import { site } from "../content/index.ts";
import { routeTable } from "../test/routes.ts";
import { decodeEntities, fetchPath, headingsOf } from "../test/html.ts";

const page = async (path: string) => decodeEntities(await (await fetchPath(path)).text());

describe("legal notices", () => {
  it.each(routeTable.byKind.legal.map((route) => [route.path, route.params.notice] as const))(
    "%s shows its title, the effective date and one h2 per section",
    async (path, notice) => {
      const html = await page(path);
      expect(headingsOf(html, 1)).toEqual([notice.title]);
      expect(html).toContain(`Effective <time dateTime="2025-11-03">November 3, 2025</time>`);
      const sectionHeadings = headingsOf(html, 2);
      expect(sectionHeadings).toHaveLength(notice.sections.length);
    },
  );

  it("numbers the eight sections of the Terms of Use, ending with governing law and changes", async () => {
    const headings = headingsOf(await page("/terms-of-use"), 2);
    expect(headings).toHaveLength(8);
    for (const [index, heading] of headings.entries()) expect(heading).toMatch(new RegExp(`^${index + 1}\\. `));
    expect(headings[6]).toMatch(/Governing Law/);
    expect(await page("/terms-of-use")).toMatch(/Washington/);
  });

  it("gives the Privacy Policy nine sections, with no selling, access and deletion on request, and the e-mail", async () => {
    const html = await page("/privacy-policy");
    expect(headingsOf(html, 2)).toHaveLength(9);
    expect(html).toMatch(/do not sell/i);
    expect(html).toMatch(/delete/i);
    expect(html).toContain(`href="mailto:${site.email}"`);
  });

  it("links the Legal Disclaimer to the privacy policy and the terms", async () => {
    const html = await page("/legal-disclaimer");
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    expect(main).toMatch(/<a href="\/privacy-policy"/);
    expect(main).toMatch(/<a href="\/terms-of-use"/);
  });
});
