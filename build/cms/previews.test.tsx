/**
 * The editor's previews draw the pages' own views (src/views): from the same file, the view given what the
 * build compiled (as the page gives it) and the view given the entry the editor holds (as the preview gives
 * it) draw the same markup, and each preview is that view.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { CustomPreviewTemplateProps } from "@sveltia/cms";
import GithubSlugger from "github-slugger";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { articleViewOfEntry, attorneyViewOfEntry, type PreviewSite, previews, serviceViewOfEntry } from "../../src/cms/previews.tsx";
import { factsOf } from "../../src/content/facts.ts";
import { attorneyPathOf } from "../../src/content/site.ts";
import { ArticleView, articleViewOf } from "../../src/views/ArticleView.tsx";
import { AttorneyView } from "../../src/views/AttorneyView.tsx";
import { ServiceView } from "../../src/views/ServiceView.tsx";
import { contentCopy } from "../content/fixture-copy.ts";
import { loadContent } from "../content/load.ts";
import { parseMarkdown, toHtml } from "../content/markdown.ts";

const root = join(import.meta.dirname, "../..");

const ARTICLE = `---
title: "Reading a Commission Agreement"
description: "What to look for in a commission agreement before you sign it, from the scope of the work to who owns the sketches."
category: Contracts
date: 2026-03-04
status: published
---

A commission from {{practiceName}}'s point of view starts with **scope**: what is made, by when, for how much.

Then [ask us](/contact) about ownership, and keep the sketches.
`;

const SERVICE = `---
order: 9
cardTitle: Commissions
cardDescription: Agreements for commissioned work, read and written with the artist.
title: Commission Agreements
description: "Commission agreements for artists and the people who hire them, written so the work, the money and the rights are clear from the start."
offerings:
  heading: What we do
  items:
    - title: Review
      description: We read the agreement you were sent.
    - title: Drafting
      description: We write the one you send.
formats:
  heading: Formats
  items:
    - A single review
    - An hour's call
audience:
  heading: Who it is for
  items:
    - Artists taking on a commission
closing:
  heading: Have a commission?
  text: Tell us about it.
  label: Get in touch
---

Most commissions go well. The ones that do not started with an *unclear* agreement.

## How it works

You send the draft; we send it back with notes.

## What it costs

A flat fee, agreed first.
`;

const dir = contentCopy(join(root, "test/fixtures/seed-content"), {
  "articles/reading-a-commission-agreement.md": ARTICLE,
  "services/commission-agreements.md": SERVICE,
});
const { content } = loadContent({ root, dir });
const site: PreviewSite = {
  facts: factsOf(content.site),
  attorneyPath: attorneyPathOf(content.site),
  portfolioHref: content.site.links.portfolio.href,
};
/** The editor's Markdown renderer, in these tests the build's own: the texts' HTML is then the same both ways. */
const render = (markdown: string) => toHtml(parseMarkdown(markdown).children, new GithubSlugger());

/** A file as the editor holds it: its frontmatter's fields, and its text as `body`. */
function entryOf(file: string): Record<string, unknown> {
  const [, frontmatter = "", body = ""] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(readFileSync(join(dir, file), "utf8")) ?? [];
  return { ...parse(frontmatter), body };
}

/** A preview as Sveltia CMS draws it for an entry (its data handed as an Immutable.js map), with no picture held. */
function previewOf(name: keyof ReturnType<typeof previews>, data: Record<string, unknown>): ReactNode {
  const entry = { get: (key: string) => (key === "data" ? { toJS: () => data } : undefined) };
  const props = { entry, getAsset: () => undefined } as unknown as CustomPreviewTemplateProps;
  return previews(site, render)[name](props);
}

const markup = (node: ReactNode) => renderToStaticMarkup(node);

describe("the editor's previews", () => {
  it("draw an article as its page does", () => {
    const compiled = content.articles.find((article) => article.slug === "reading-a-commission-agreement")!;
    const data = entryOf("articles/reading-a-commission-agreement.md");
    const page = markup(<ArticleView article={articleViewOf(compiled, { name: content.site.founder.name, path: site.attorneyPath })} />);

    expect(markup(<ArticleView article={articleViewOfEntry(data, site, render)} />)).toBe(page);
    expect(markup(previewOf("articles", data))).toBe(page);
    expect(page).toContain(content.site.practiceName);
  });

  it("draw a service's page as the page does, its sections after the offerings", () => {
    const compiled = content.services.find((service) => service.slug === "commission-agreements")!;
    const data = entryOf("services/commission-agreements.md");
    const page = markup(<ServiceView service={compiled} />);

    expect(markup(<ServiceView service={serviceViewOfEntry(data, site, render)} />)).toBe(page);
    expect(markup(previewOf("services", data))).toBe(page);
    expect(page.indexOf("How it works")).toBeGreaterThan(page.indexOf("What we do"));
  });

  it("draw the attorney page as the page does", () => {
    const { attorney } = content.pages;
    const data = entryOf("pages/attorney.md");
    const credentials = () => null;
    const page = markup(
      <AttorneyView
        attorney={{ ...attorney, name: content.site.founder.name, portfolioHref: content.site.links.portfolio.href }}
        credentials={credentials}
      />,
    );

    expect(markup(<AttorneyView attorney={attorneyViewOfEntry(data, site, render)} credentials={credentials} />)).toBe(page);
    expect(markup(previewOf("attorney", data))).toContain(content.pages.attorney.intro);
  });
});
