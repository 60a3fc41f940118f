/**
 * The editor's previews of an article, a service and the attorney page: the pages' own views (src/views),
 * given the entry being edited instead of the compiled content, drawn with the site's stylesheet (main.ts
 * registers it). So a change to a page's view shows here with no second edit; what differs is only where
 * the data comes from: the site's facts ({{practiceName}}…) filled in and placeholder(…) unwrapped as the
 * build does, the text drawn by the editor's Markdown renderer, pictures (a portrait, a cover, those in a
 * text) shown as the editor holds them, uploaded or not yet saved. Sveltia CMS renders these with its own
 * React; the views use no hooks, so elements made by the site's JSX runtime render there as they are.
 */
import type { CustomPreviewTemplateProps } from "@sveltia/cms";
import type { ReactNode } from "react";
import { unwrapText } from "../../build/content/placeholders.ts";
import GithubSlugger from "github-slugger";
import { minutesToRead } from "../content/reading.ts";
import { ArticleView, type ArticleViewData } from "../views/ArticleView.tsx";
import { keyed } from "../views/keyed.ts";
import { AttorneyView, type AttorneyViewData } from "../views/AttorneyView.tsx";
import { ServiceView, type ServiceViewData } from "../views/ServiceView.tsx";

/** The site's facts as the Worker gave them to the page (factsOf in src/content/facts.ts). */
export type Facts = Readonly<Record<string, string>>;

/** Markdown as HTML: the editor's own renderer and sanitizer (main.ts). */
export type RenderMarkdown = (markdown: string) => string;

type Props = CustomPreviewTemplateProps;
type Data = Record<string, unknown>;

/**
 * Where the editor holds a picture a field or a text names, if it holds it: a saved one by its path, one
 * uploaded but not yet saved by the blob: URL the field holds until Save.
 */
type AssetUrl = (src: string) => string | undefined;

const assetUrlOf =
  (getAsset: Props["getAsset"]): AssetUrl =>
  (src) =>
    src.startsWith("blob:") ? src : getAsset(src)?.url;

/** A picture field's file and words, as the entry holds them. */
function PreviewPicture({ value, url, className }: { value: unknown; url: AssetUrl; className: string }) {
  const src = at(value, "src");
  const shown = typeof src === "string" && src ? url(src) : undefined;
  return shown ? <img src={shown} alt={String(at(value, "alt") ?? "")} className={className} /> : null;
}

/** A text's pictures (`<img src="/images/…">` as the editor's renderer writes them), shown from where the editor holds them. */
const withPictures = (html: string, url: AssetUrl) =>
  html.replace(/(<img\b[^>]*\bsrc=")((?:\/?images\/|blob:)[^"]+)"/g, (whole, start: string, src: string) => {
    const shown = url(src);
    return shown ? `${start}${shown}"` : whole;
  });

const FACT = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** A text as the site shows it: facts filled in, placeholder(…) unwrapped. */
const shown = (text: unknown, facts: Facts): string =>
  unwrapText(
    String(text ?? ""),
    () => {},
    () => {},
  ).replace(FACT, (token, name: string) => facts[name] ?? token);

/** The entry's data as plain objects and arrays (the editor hands an Immutable.js map). */
const dataOf = (entry: Props["entry"]): Data => (entry.get("data") as unknown as { toJS(): Data }).toJS();

const at = (data: unknown, ...path: (string | number)[]): unknown =>
  path.reduce<unknown>((value, key) => (value as Record<string | number, unknown> | undefined)?.[key], data);

/** A rendered text's paragraphs, each as the HTML inside its <p>, its line breaks spaces (the compiled content's `Paragraphs`). */
const paragraphsIn = (html: string): string[] =>
  Array.from(html.matchAll(/<p>([\s\S]*?)<\/p>/g), (match) => match[1]!.replace(/[ \t]*\n[ \t]*/g, " "));

/** A Markdown text cut at its `##` headings: the text before the first, then each heading and the text under it. */
function sectionsOf(markdown: string): { intro: string; sections: { heading: string; text: string }[] } {
  const [intro = "", ...parts] = markdown.split(/^## +/m);
  return {
    intro,
    sections: parts.map((part) => {
      const [heading = "", ...text] = part.split("\n");
      return { heading: heading.trim(), text: text.join("\n") };
    }),
  };
}

/** A text field of the entry, by its path, as the site shows it. */
const textIn =
  (data: unknown, facts: Facts) =>
  (...path: string[]): string =>
    shown(at(data, ...path), facts);

/** A closing call to action's three texts, as the entry holds them. */
const closingOf = (text: ReturnType<typeof textIn>) => ({
  heading: text("closing", "heading"),
  text: text("closing", "text"),
  label: text("closing", "label"),
});

/** The items of a list field, none while it is not a list yet. */
const itemsAt = (data: unknown, ...path: string[]): unknown[] => {
  const value = at(data, ...path);
  return Array.isArray(value) ? value : [];
};

/** The attorney's name and the links the pages set beside an entry's own words (src/admin/editor/routes.tsx writes them). */
export interface PreviewSite {
  readonly facts: Facts;
  readonly attorneyPath: string;
  readonly portfolioHref: string;
}

/** What the article's view shows of the entry being edited. */
export function articleViewOfEntry(data: Data, site: PreviewSite, render: RenderMarkdown): ArticleViewData {
  const html = render(shown(data.body, site.facts));
  const date = String(data.date ?? "");
  return {
    category: String(data.category ?? ""),
    title: shown(data.title, site.facts),
    author: { name: site.facts.founderName ?? "", path: site.attorneyPath },
    ...(/^\d{4}-\d{2}-\d{2}$/.test(date) ? { date } : {}),
    readingMinutes: minutesToRead(html.replace(/<[^>]+>/g, " ")),
    html,
  };
}

/** What a service's view shows of the entry being edited. */
export function serviceViewOfEntry(data: Data, site: PreviewSite, render: RenderMarkdown): ServiceViewData {
  const text = textIn(data, site.facts);
  const headed = (name: string) => ({
    heading: text(name, "heading"),
    items: itemsAt(data, name, "items").map((item) => shown(item, site.facts)),
  });
  const { intro, sections } = sectionsOf(shown(data.body, site.facts));
  const slugger = new GithubSlugger();
  return {
    title: text("title"),
    intro: paragraphsIn(render(intro)),
    offerings: {
      heading: text("offerings", "heading"),
      items: itemsAt(data, "offerings", "items").map((offering) => {
        const field = textIn(offering, site.facts);
        return { title: field("title"), description: field("description") };
      }),
    },
    sections: sections.map((section) => ({
      id: slugger.slug(section.heading),
      heading: section.heading,
      paragraphs: paragraphsIn(render(section.text)),
    })),
    ...(at(data, "formats") ? { formats: headed("formats") } : {}),
    audience: headed("audience"),
    closing: closingOf(text),
  };
}

/** What the attorney page's view shows of the entry being edited. */
export function attorneyViewOfEntry(data: Data, site: PreviewSite, render: RenderMarkdown): AttorneyViewData {
  const text = textIn(data, site.facts);
  return {
    name: site.facts.founderName ?? "",
    portfolioHref: site.portfolioHref,
    role: text("role"),
    intro: text("intro"),
    paragraphs: paragraphsIn(render(shown(data.body, site.facts))),
    portfolioLabel: text("portfolioLabel"),
    photoNote: text("photoNote"),
    closing: closingOf(text),
  };
}

/** The attorney's admissions and highlights, open (the page's accordion is an island, which a preview does not hydrate). */
function Credentials({ data, facts, className }: { data: Data; facts: Facts; className: string }) {
  return (
    <div className={`grid gap-10 ${className}`}>
      {(["admissions", "careerHighlights"] as const).map((group) => (
        <section key={group} className="border-t border-line pt-5">
          <h2 className="font-serif text-xl font-semibold">{shown(at(data, group, "heading"), facts)}</h2>
          <ul className="mt-4 space-y-3 leading-relaxed">
            {keyed(itemsAt(data, group, "items"), (item) => JSON.stringify(item)).map(({ key, item }) =>
              typeof item === "object" && item !== null ? (
                <li key={key}>
                  <span className="font-medium">{shown(at(item, "title"), facts)}</span>
                  <span className="block text-muted">
                    {shown(at(item, "issuer"), facts)} · <span className="font-serif">{shown(at(item, "year"), facts)}</span>
                  </span>
                </li>
              ) : (
                <li key={key}>{shown(item, facts)}</li>
              ),
            )}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** A preview: what Sveltia CMS draws beside the form for an entry. */
type Preview = (props: Props) => ReactNode;

/** The previews, by the name of the collection or file each is for (build/cms/config.ts). */
export function previews(site: PreviewSite, render: RenderMarkdown): Record<"articles" | "services" | "attorney", Preview> {
  return {
    articles: ({ entry, getAsset }) => {
      const data = dataOf(entry);
      const url = assetUrlOf(getAsset);
      const article = articleViewOfEntry(data, site, render);
      return (
        <ArticleView
          article={{ ...article, html: withPictures(article.html, url) }}
          cover={
            <PreviewPicture
              value={data.cover}
              url={url}
              className="mt-3 aspect-video w-full rounded-xl border border-line bg-paper object-cover"
            />
          }
        />
      );
    },
    services: ({ entry }) => <ServiceView service={serviceViewOfEntry(dataOf(entry), site, render)} />,
    attorney: ({ entry, getAsset }) => {
      const data = dataOf(entry);
      const url = assetUrlOf(getAsset);
      const attorney = attorneyViewOfEntry(data, site, render);
      return (
        <AttorneyView
          attorney={{ ...attorney, paragraphs: attorney.paragraphs.map((paragraph) => withPictures(paragraph, url)) }}
          photo={
            at(data, "photo", "src") ? (className) => <PreviewPicture value={data.photo} url={url} className={className} /> : undefined
          }
          credentials={(className) => <Credentials data={data} facts={site.facts} className={className} />}
        />
      );
    },
  };
}
