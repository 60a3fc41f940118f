/**
 * Compiles content/ into the SiteContent the Worker reads: every file read and checked (tree.ts), each
 * Markdown text checked and turned into HTML, each picture checked and named by its variants (images.ts),
 * each share card named by what it shows (cards.ts). All problems of all files are gathered and thrown together as
 * one ContentError (one line each), so a writer sees everything to fix at once.
 */
import { join } from "node:path";
import GithubSlugger from "github-slugger";
import type { Heading, Image, Root as MdastRoot, Paragraph } from "mdast";
import { visit } from "unist-util-visit";
import type {
  Article,
  LegalNotice,
  LegalSection,
  Letter,
  NewsItem,
  PageSection,
  Paragraphs,
  Service,
  ShareCard,
  SiteContent,
} from "../../src/content/collections.ts";
import type { Picture, SlotName } from "../../src/content/pictures.ts";
import { locationLabelOf } from "../../src/content/site.ts";
import type * as schema from "../../src/content/schema/index.ts";
import type * as z from "zod";
import { PRIVACY_POLICY_SLUG, retentionFacts } from "../../src/content/facts.ts";
import { checkUpdatedAfter } from "./files.ts";
import type { CardFace } from "./card-drawing.ts";
import { type CardJob, cardPath } from "./cards.ts";
import { type ContentPictures, type PictureUse, contentPictures } from "./images.ts";
import { type InlinePictures, headingText, paragraphHtml, pictureKey, readingMinutes, toHtml } from "./markdown.ts";
import { oncePerFolder } from "./once.ts";
import type { Placeholder } from "./placeholders.ts";
import { ContentError, type ContentProblem } from "./problems.ts";
import { SCAFFOLD_MARKER } from "./scaffold.ts";
import { type Entry, readContentTree } from "./tree.ts";

export interface LoadOptions {
  /** The project's root: problems name files relative to it. */
  readonly root: string;
  /** The content folder; `<root>/content` unless given (tests use a copy). */
  readonly dir?: string;
  /** Include drafts, shown as if published with a "Draft" notice (a local preview only, never deployed). */
  readonly drafts?: boolean;
}

export interface LoadedContent {
  readonly content: SiteContent;
  /** Every value still invented (`placeholder(…)`), for the launch check. */
  readonly placeholders: readonly Placeholder[];
  /** Every file and folder read, for watchers. */
  readonly sources: readonly string[];
  /** Every picture a page shows, in each slot it is shown in: for the build to encode. */
  readonly pictures: readonly PictureUse[];
  /** Every share card: for the build to draw. */
  readonly cards: readonly CardJob[];
}

type Out<Schema extends z.ZodType> = z.output<Schema>;

/** Compiles content/ once while its files are unchanged (./once.ts): the build's plugins and environments all ask for it. */
export const loadContent = oncePerFolder(
  ({ root, dir = join(root, "content"), drafts = false }: LoadOptions) => compile(root, dir, drafts),
  ({ root, dir = join(root, "content") }) => dir,
);

function compile(root: string, dir: string, drafts: boolean): LoadedContent {
  const tree = readContentTree(root, dir);
  const problems: ContentProblem[] = [...tree.problems];
  const pictures = contentPictures(dir);
  const cards: CardJob[] = [];
  /** A field's picture for a slot, or its problem reported. */
  const pictureOf = (file: string, field: string, given: { src: string; alt: string }, ...slots: [SlotName, ...SlotName[]]) => {
    let shown: Picture | undefined;
    for (const slot of slots) {
      const picture = pictures.picture(given.src, given.alt, slot);
      if (typeof picture === "string") {
        problems.push({ file, field: `${field}.src`, message: picture });
        return undefined;
      }
      shown ??= picture;
    }
    return shown;
  };
  const keep = (status: string) => drafts || status !== "draft";
  const preview = (status: string) => (status === "draft" ? { status: "published" as const, previewDraft: true as const } : {});
  const valid = (entries: readonly Entry[]) => entries.filter((entry) => entry.value !== undefined);
  /** A single file's checked data, with its text's paragraphs when it has a text. */
  const single = <Schema extends z.ZodType>(name: keyof typeof tree.singles) => {
    const entry = tree.singles[name];
    return entry?.value ? ({ ...entry.value, ...bodyParts(entry, problems) } as Out<Schema>) : undefined;
  };

  const siteFacts = tree.singles.site?.value as Out<typeof schema.site> | undefined;
  /** A share card: its face, named by what it shows; drawn by the build. */
  const card = (name: string, face: Omit<CardFace, "practiceName" | "foot">, alt: string): ShareCard => {
    const full: CardFace = {
      ...face,
      practiceName: siteFacts?.practiceName ?? "",
      foot: siteFacts ? `${siteFacts.founder.name} · ${locationLabelOf(siteFacts)}` : "",
    };
    const path = cardPath(name, full);
    cards.push({ path, face: full });
    return { path, alt };
  };

  const articles: Article[] = [];
  for (const entry of valid(tree.folders.articles)) {
    const meta = entry.value as Out<typeof schema.article>;
    const body = entry.body!;
    problems.push(...checkUpdatedAfter(meta.date, meta.updated, entry.file, "date"));
    if (meta.status !== "draft") problems.push(...scaffoldLeft(entry.file, meta.description, body));
    if (!keep(meta.status)) continue;
    const { excerpt = meta.description, cover: givenCover, ...rest } = meta;
    const cover = givenCover && pictureOf(entry.file, "cover", givenCover, "cover", "card");
    // Checked from the first status that is not a draft, though an upcoming article shows no text yet.
    const inline = inlinePictures(entry, pictures, problems);
    articles.push({
      ...rest,
      excerpt,
      slug: entry.slug,
      path: `/blog/${entry.slug}`,
      readingMinutes: readingMinutes(body),
      ...(cover ? { cover } : {}),
      card: card(
        `article-${entry.slug}`,
        {
          eyebrow: meta.category,
          title: meta.title,
          ...(cover ? { cover: { file: pictures.fileOf(cover), stem: cover.stem } } : {}),
        },
        `${meta.title}: ${siteFacts?.practiceName ?? ""}`,
      ),
      // An upcoming article has no page yet, so its body is not shipped.
      html: meta.status === "upcoming" ? "" : toHtml(body.children, new GithubSlugger(), inline),
      ...preview(meta.status),
    });
  }

  const news: NewsItem[] = [];
  for (const entry of valid(tree.folders.news)) {
    const meta = entry.value as Out<typeof schema.news>;
    if (entry.body!.children.length === 0)
      problems.push({ file: entry.file, message: "the item has no text: write it below the frontmatter" });
    if (!keep(meta.status)) continue;
    news.push({ ...meta, slug: entry.slug, html: toHtml(entry.body!.children, new GithubSlugger()), ...preview(meta.status) });
  }

  const legal: (LegalNotice & { order: number })[] = [];
  for (const entry of valid(tree.folders.legal)) {
    if (entry.slug === PRIVACY_POLICY_SLUG) problems.push(...retentionUnstated(entry));
    const { numbered, status, ...meta } = entry.value as Out<typeof schema.legal>;
    problems.push(...checkUpdatedAfter(meta.effective, meta.updated, entry.file, "effective"));
    if (!keep(status)) continue;
    legal.push({
      ...meta,
      slug: entry.slug,
      ...legalBody(entry.body!, numbered, inlinePictures(entry, pictures, problems)),
      ...(status === "draft" ? { previewDraft: true as const } : {}),
    });
  }

  const services: (Service & { order: number })[] = valid(tree.folders.services).map((entry) => ({
    ...(entry.value as Out<typeof schema.service>),
    slug: entry.slug,
    path: `/services/${entry.slug}`,
    ...sectioned(entry, problems),
  }));

  const attorneyData = single<typeof schema.attorney>("attorney");
  const attorneyPhoto = attorneyData?.photo && pictureOf(tree.singles.attorney!.file, "photo", attorneyData.photo, "portrait");
  const pages = {
    home: single<typeof schema.home>("home"),
    philosophy: single<typeof schema.philosophy>("philosophy"),
    attorney: attorneyData && { ...attorneyData, photo: attorneyPhoto },
    services: single<typeof schema.servicesPage>("servicesPage"),
    resources: single<typeof schema.resources>("resources"),
    contact: single<typeof schema.contact>("contact"),
    articleEnd: single<typeof schema.articleEnd>("articleEnd"),
    errors: single<typeof schema.errors>("errors"),
  };
  const site = single<typeof schema.site>("site");
  const notices = single<typeof schema.notices>("notices");
  const letter = tree.singles.nonEngagementLetter;

  const shareCard = site && card("site", { eyebrow: site.tagline, title: pages.home?.hero.headline ?? site.tagline }, site.shareImageAlt);

  if (problems.length > 0) throw new ContentError(problems);

  const newestFirst = <T extends { date: string; slug: string }>(a: T, b: T) =>
    b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug);
  const byOrder = <T extends { order: number; slug: string }>(a: T, b: T) => a.order - b.order || a.slug.localeCompare(b.slug);
  const withoutOrder = <T extends { order: number }>({ order: _, ...rest }: T) => rest;
  return {
    content: {
      site: site!,
      shareCard: shareCard!,
      notices: notices!,
      pages: pages as SiteContent["pages"],
      services: services.sort(byOrder).map(withoutOrder),
      articles: articles.sort(newestFirst),
      news: news.sort(newestFirst),
      legal: legal.sort(byOrder).map(withoutOrder),
      letters: {
        nonEngagement: { subject: (letter!.value as Out<typeof schema.letter>).subject, body: letter!.bodyText! } satisfies Letter,
      },
    },
    placeholders: tree.placeholders,
    sources: tree.sources,
    pictures: pictures.uses,
    cards,
  };
}

/** The pictures a text shows (`![words](images/…)`), each checked; a problem names the line. */
function inlinePictures(entry: Entry, pictures: ContentPictures, problems: ContentProblem[]): InlinePictures {
  const found = new Map<string, Picture>();
  visit(entry.body!, "image", (node: Image) => {
    const alt = node.alt ?? "";
    // A picture without words is refused where the text is checked (markdown.ts's checkBody).
    if (!alt.trim()) return;
    const picture = pictures.picture(node.url, alt, "inline");
    if (typeof picture === "string") problems.push({ file: entry.file, line: node.position?.start.line, message: picture });
    else found.set(pictureKey(node.url, alt), picture);
  });
  return found;
}

/** The paragraphs of a text that may hold nothing else (a page's story, a biography). */
function paragraphsOf(nodes: MdastRoot["children"], file: string, problems: ContentProblem[]): Paragraphs {
  return nodes.flatMap((node) => {
    if (node.type === "paragraph") return [paragraphHtml(node as Paragraph)];
    problems.push({
      file,
      line: node.position?.start.line,
      message: "only paragraphs belong in this text: no headings, lists, quotes or tables (see content/README.md)",
    });
    return [];
  });
}

/** What a single file's text becomes: a page's paragraphs; nothing for a YAML file or a letter. */
function bodyParts(entry: Entry, problems: ContentProblem[]): { paragraphs?: Paragraphs } {
  if (entry.bodyKind !== "paragraphs" || !entry.body) return {};
  const paragraphs = paragraphsOf(entry.body.children, entry.file, problems);
  if (paragraphs.length === 0) problems.push({ file: entry.file, message: "the text below the frontmatter is missing" });
  return { paragraphs };
}

/** A service's text: paragraphs before the first `##` heading, then each `##` section's paragraphs. */
function sectioned(entry: Entry, problems: ContentProblem[]): Pick<Service, "intro" | "sections"> {
  const nodes = entry.body!.children;
  const slugger = new GithubSlugger();
  const starts = nodes.flatMap((node, index) => (node.type === "heading" && node.depth === 2 ? [index] : []));
  const intro = paragraphsOf(nodes.slice(0, starts[0] ?? nodes.length), entry.file, problems);
  if (intro.length === 0) problems.push({ file: entry.file, message: "the introduction is missing: write it below the frontmatter" });
  const sections: PageSection[] = starts.map((start, number) => {
    const heading = headingText(nodes[start] as Heading);
    return {
      id: slugger.slug(heading),
      heading,
      paragraphs: paragraphsOf(nodes.slice(start + 1, starts[number + 1]), entry.file, problems),
    };
  });
  return { intro, sections };
}

/** A legal notice's body: the text before the first `##`, then one section per `##` heading. */
function legalBody(body: MdastRoot, numbered: boolean, pictures: InlinePictures): Pick<LegalNotice, "intro" | "sections"> {
  const slugger = new GithubSlugger();
  const starts = body.children.flatMap((node, index) => (node.type === "heading" && node.depth === 2 ? [index] : []));
  const sections: LegalSection[] = starts.map((start, number) => {
    const text = headingText(body.children[start] as Heading);
    const end = starts[number + 1] ?? body.children.length;
    return {
      id: slugger.slug(text),
      heading: numbered ? `${number + 1}. ${text}` : text,
      html: toHtml(body.children.slice(start + 1, end), slugger, pictures),
    };
  });
  return { intro: toHtml(body.children.slice(0, starts[0] ?? body.children.length), slugger, pictures), sections };
}

/** The retention periods the privacy policy does not state, each a problem: the policy must say what the clean-up job does. */
function retentionUnstated(entry: Entry): ContentProblem[] {
  return retentionFacts
    .filter((fact) => !entry.writtenText?.includes(`{{${fact}}}`))
    .map((fact) => ({
      file: entry.file,
      message: `must state how long the website keeps each record: write {{${fact}}} where it says so (the clean-up job applies it; see content/README.md)`,
    }));
}

/** An article about to be published that still holds the words `npm run new:article` wrote. */
function scaffoldLeft(file: string, description: string, body: MdastRoot): ContentProblem[] {
  const problems: ContentProblem[] = [];
  if (description.includes(SCAFFOLD_MARKER))
    problems.push({ file, field: "description", message: `still says "${SCAFFOLD_MARKER}…": write your own before publishing` });
  const line = body.children.find((node) => JSON.stringify(node).includes(SCAFFOLD_MARKER))?.position?.start.line;
  if (line) problems.push({ file, line, message: `the text still says "${SCAFFOLD_MARKER}…": write your own before publishing` });
  return problems;
}
