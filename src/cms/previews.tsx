/**
 * The editor's previews of an article, a service and the attorney page, in the site's own markup: the
 * site's components where they take plain data (Badge, Container, CallToAction, PhotoPlaceholder, the
 * button style) and the same classes as src/pages elsewhere, drawn with the site's stylesheet (main.ts
 * registers it). Pictures (a portrait, a cover, those in a text) show as the editor holds them, uploaded or
 * not yet saved, at the size and in the frame the page gives them. The site's facts ({{practiceName}}…) are filled in and placeholder(…) shows what it holds,
 * as on the site. Sveltia CMS renders these with its own React; they use no hooks, so elements made by the
 * site's JSX runtime render there as they are.
 */
import type { CustomPreviewTemplate, CustomPreviewTemplateProps } from "@sveltia/cms";
import { unwrapText } from "../../build/content/placeholders.ts";
import { Badge } from "../components/Badge.tsx";
import { buttonClass } from "../components/ButtonLink.tsx";
import { CallToAction } from "../components/CallToAction.tsx";
import { Container } from "../components/Container.tsx";
import { PhotoPlaceholder } from "../components/PhotoPlaceholder.tsx";
import { longDate } from "../content/dates.ts";

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

/**
 * A list's items with a key each: their place, as a list being edited has nothing else that stays (two items
 * may say the same while the attorney types).
 */
const list = (value: unknown): { readonly key: string; readonly item: unknown }[] =>
  (Array.isArray(value) ? value : []).map((item, place) => ({ key: String(place), item }));

/** A Markdown text, drawn by the editor's renderer into the site's reading style. */
function Markdown({
  text,
  facts,
  render,
  url,
  className,
}: {
  text: unknown;
  facts: Facts;
  render: RenderMarkdown;
  url: AssetUrl;
  className: string;
}) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: withPictures(render(shown(text, facts)), url) }} />;
}

export function previews(facts: Facts, render: RenderMarkdown): Record<string, CustomPreviewTemplate> {
  const text = (data: Data, ...path: (string | number)[]) => shown(at(data, ...path), facts);

  /** An article, as src/pages/ArticlePage.tsx sets it (without the reading list that follows). */
  const article: CustomPreviewTemplate = ({ entry, getAsset }) => {
    const data = dataOf(entry);
    const url = assetUrlOf(getAsset);
    const date = String(data.date ?? "");
    return (
      <article className="pb-4">
        <header className="border-b border-line bg-paper-deep">
          <Container className="py-12 md:py-16">
            <div className="mx-auto max-w-measure space-y-5">
              {typeof data.category === "string" && <Badge variant="outline">{data.category}</Badge>}
              <h1 className="font-serif text-4xl font-semibold tracking-tight text-balance md:text-5xl">{text(data, "title")}</h1>
              <p className="text-muted">
                By <span className="font-medium text-ink">{facts.founderName}</span>
                {/^\d{4}-\d{2}-\d{2}$/.test(date) && (
                  <>
                    {" "}
                    · <time dateTime={date}>{longDate(date)}</time>
                  </>
                )}
              </p>
              <PreviewPicture
                value={data.cover}
                url={url}
                className="mt-3 aspect-video w-full rounded-xl border border-line bg-paper object-cover"
              />
            </div>
          </Container>
        </header>
        <Container className="py-12">
          <Markdown text={data.body} facts={facts} render={render} url={url} className="prose mx-auto max-w-measure space-y-5 text-lg" />
        </Container>
      </article>
    );
  };

  /** A service's page, as src/pages/ServicePage.tsx sets it. */
  const service: CustomPreviewTemplate = ({ entry, getAsset }) => {
    const data = dataOf(entry);
    const url = assetUrlOf(getAsset);
    const sectionHeading = "font-serif text-2xl font-semibold tracking-tight md:text-3xl";
    return (
      <>
        <div className="border-b border-line bg-paper-deep">
          <div className="mx-auto max-w-6xl space-y-5 px-4 py-12 sm:px-6 md:py-16">
            <h1 className="max-w-3xl font-serif text-4xl font-semibold tracking-tight text-balance md:text-5xl">{text(data, "title")}</h1>
          </div>
        </div>
        <Container className="py-10 md:py-14">
          <div className="grid gap-12 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-16">
            <div className="space-y-14 md:space-y-16">
              <Markdown
                text={data.body}
                facts={facts}
                render={render}
                url={url}
                className="prose max-w-prose space-y-5 text-lg leading-relaxed"
              />
              <section>
                <h2 className={sectionHeading}>{text(data, "offerings", "heading")}</h2>
                <ul className="mt-8 grid gap-x-8 gap-y-8 sm:grid-cols-2">
                  {list(at(data, "offerings", "items")).map(({ key, item: offering }) => (
                    <li key={key} className="border-t-2 border-accent pt-5">
                      <h3 className="text-lg font-semibold">{shown(at(offering, "title"), facts)}</h3>
                      <p className="mt-2 leading-relaxed text-muted">{shown(at(offering, "description"), facts)}</p>
                    </li>
                  ))}
                </ul>
              </section>
              {list(at(data, "formats", "items")).length > 0 && (
                <section>
                  <h2 className={sectionHeading}>{text(data, "formats", "heading")}</h2>
                  <ul className="mt-6 grid gap-4 sm:grid-cols-2">
                    {list(at(data, "formats", "items")).map(({ key, item }) => (
                      <li key={key} className="rounded-lg bg-paper-deep px-5 py-4 leading-relaxed">
                        {shown(item, facts)}
                      </li>
                    ))}
                  </ul>
                </section>
              )}
            </div>
            <section className="self-start rounded-xl border border-line bg-white/60 p-6 md:p-8">
              <h2 className="font-serif text-2xl font-semibold tracking-tight">{text(data, "audience", "heading")}</h2>
              <ul className="mt-5 list-disc space-y-3 pl-5 leading-relaxed marker:text-clay">
                {list(at(data, "audience", "items")).map(({ key, item }) => (
                  <li key={key}>{shown(item, facts)}</li>
                ))}
              </ul>
            </section>
          </div>
        </Container>
        <CallToAction
          heading={text(data, "closing", "heading")}
          text={text(data, "closing", "text")}
          label={text(data, "closing", "label")}
        />
      </>
    );
  };

  /** The attorney page, as src/pages/AttorneyPage.tsx sets it (its credentials open, not as an accordion). */
  const attorney: CustomPreviewTemplate = ({ entry, getAsset }) => {
    const data = dataOf(entry);
    const url = assetUrlOf(getAsset);
    const photo = at(data, "photo", "src") ? (
      <PreviewPicture
        value={data.photo}
        url={url}
        className="h-auto w-2/5 max-w-40 rounded-xl border border-line bg-paper-deep md:w-full md:max-w-none"
      />
    ) : undefined;
    return (
      <>
        <div className="border-b border-line bg-paper-deep">
          <div className="mx-auto max-w-6xl space-y-5 px-4 py-12 sm:px-6 md:py-16">
            <h1 className="max-w-3xl font-serif text-4xl font-semibold tracking-tight text-balance md:text-5xl">{facts.founderName}</h1>
            <p className="max-w-2xl text-lg leading-relaxed text-muted">{text(data, "role")}</p>
          </div>
        </div>
        <Container className="py-12 md:py-16">
          <div className="grid gap-10 md:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] md:gap-x-14 lg:gap-x-20">
            <div>
              <div className="max-w-prose space-y-5 text-[1.0625rem] leading-relaxed">
                <p className="font-serif text-xl leading-relaxed text-ink md:text-2xl md:leading-relaxed">{text(data, "intro")}</p>
                <Markdown text={data.body} facts={facts} render={render} url={url} className="prose space-y-5" />
              </div>
              <span className={`${buttonClass("secondary")} mt-8`}>{text(data, "portfolioLabel")}</span>
            </div>
            <div className="grid gap-10">
              {photo ?? <PhotoPlaceholder label={text(data, "photoNote")} />}
              {(["admissions", "careerHighlights"] as const).map((group) => (
                <section key={group} className="border-t border-line pt-5">
                  <h2 className="font-serif text-xl font-semibold">{text(data, group, "heading")}</h2>
                  <ul className="mt-4 space-y-3 leading-relaxed">
                    {list(at(data, group, "items")).map(({ key, item }) =>
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
          </div>
        </Container>
        <CallToAction
          heading={text(data, "closing", "heading")}
          text={text(data, "closing", "text")}
          label={text(data, "closing", "label")}
        />
      </>
    );
  };

  return { articles: article, services: service, attorney };
}
