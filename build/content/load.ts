/**
 * Compiles content/ into the SiteContent the Worker reads: every file read and checked (tree.ts), each
 * Markdown text checked and turned into HTML, each picture checked and named by its variants (images.ts),
 * each share card named by what it shows (cards.ts). All problems of all files are gathered and thrown together as
 * one ContentError (one line each), so a writer sees everything to fix at once.
 */
import { join, relative } from "node:path";
import GithubSlugger from "github-slugger";
import type { Heading, Image, Root as MdastRoot } from "mdast";
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
import { PRIVACY_POLICY_SLUG, factsOf, retentionFacts } from "../../src/content/facts.ts";
import { paths } from "../../src/routes/table.ts";
import { checkUpdatedAfter } from "./files.ts";
import type { CardFace } from "./card-drawing.ts";
import { type CardJob, cardPath } from "./cards.ts";
import { engagementTemplates, withoutLetterTokenProblems } from "./engagement.ts";
import { type ContentPictures, type PictureUse, contentPictures } from "./images.ts";
import { type InlinePictures, headingText, paragraphHtml, pictureKey, readingMinutes, toHtml } from "./markdown.ts";
import { oncePerFolder } from "./once.ts";
import type { Placeholder } from "./placeholders.ts";
import { ContentError, type ContentProblem } from "./problems.ts";
import { SCAFFOLD_MARKER } from "./scaffold.ts";
import { type FolderName, type PieceEntry, readContentTree } from "./tree.ts";

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

/** What each folder's pieces become. */
interface Compiled {
  readonly articles: Article;
  readonly news: NewsItem;
  readonly legal: LegalNotice & { readonly order: number };
  readonly services: Service & { readonly order: number };
}

/** A piece that passed its schema: its data and its text. */
type Usable<K extends FolderName> = PieceEntry<K> & { readonly value: NonNullable<PieceEntry<K>["value"]>; readonly body: MdastRoot };

/** Turns one usable piece of a folder into what the site shows, or nothing when it is not shown (a draft). */
type FolderCompiler<K extends FolderName> = (entry: Usable<K>) => Compiled[K] | undefined;

/** Compiles content/ once while its files are unchanged (./once.ts): the build's plugins and environments all ask for it. */
export const loadContent = oncePerFolder(
  ({ root, dir = join(root, "content"), drafts = false }: LoadOptions) => compile(root, dir, drafts),
  ({ root, dir = join(root, "content") }) => dir,
);

function compile(root: string, dir: string, drafts: boolean): LoadedContent {
  const tree = readContentTree(root, dir);
  // An engagement letter's own fields are tokens the site's facts do not know: ./engagement.ts checks them instead.
  const problems: ContentProblem[] = withoutLetterTokenProblems(tree.problems, relative(root, dir));
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

  const siteFacts = tree.singles.site?.value;
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

  const compilers: { readonly [K in FolderName]: FolderCompiler<K> } = {
    articles: ({ file, slug, value: meta, body }) => {
      problems.push(...checkUpdatedAfter(meta.date, meta.updated, file, "date"));
      if (meta.status !== "draft") problems.push(...scaffoldLeft(file, meta.description, body));
      if (!keep(meta.status)) return undefined;
      const { excerpt = meta.description, cover: givenCover, ...rest } = meta;
      const cover = givenCover && pictureOf(file, "cover", givenCover, "cover", "card");
      // Checked from the first status that is not a draft, though an upcoming article shows no text yet.
      const inline = inlinePictures(file, body, pictures, problems);
      return {
        ...rest,
        excerpt,
        slug,
        path: paths.article(slug),
        readingMinutes: readingMinutes(body),
        ...(cover ? { cover } : {}),
        card: card(
          `article-${slug}`,
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
      };
    },
    news: ({ file, slug, value: meta, body }) => {
      if (body.children.length === 0) problems.push({ file, message: "the item has no text: write it below the frontmatter" });
      if (!keep(meta.status)) return undefined;
      return { ...meta, slug, html: toHtml(body.children, new GithubSlugger()), ...preview(meta.status) };
    },
    legal: ({ file, slug, value, body, writtenText }) => {
      if (slug === PRIVACY_POLICY_SLUG) problems.push(...retentionUnstated(file, writtenText));
      const { numbered, status, ...meta } = value;
      problems.push(...checkUpdatedAfter(meta.effective, meta.updated, file, "effective"));
      if (!keep(status)) return undefined;
      return {
        ...meta,
        slug,
        ...legalBody(body, numbered, inlinePictures(file, body, pictures, problems)),
        ...(status === "draft" ? { previewDraft: true as const } : {}),
      };
    },
    services: ({ file, slug, value, body }) => ({ ...value, slug, path: paths.service(slug), ...sectioned(file, body, problems) }),
  };
  /** A folder's pieces as the site shows them: those that passed their schema, compiled by the folder's own compiler. */
  const compileFolder = <K extends FolderName>(name: K): Compiled[K][] =>
    tree.folders[name].flatMap((entry) => {
      if (!isUsable(entry)) return [];
      const compiled = compilers[name](entry);
      return compiled ? [compiled] : [];
    });
  const articles = compileFolder("articles");
  const news = compileFolder("news");
  const legal = compileFolder("legal");
  const services = compileFolder("services");

  /** A page's data, with its text's paragraphs. */
  const withParagraphs = <K extends "home" | "philosophy" | "attorney">(name: K) => {
    const entry = tree.singles[name];
    return entry?.value && { ...entry.value, paragraphs: paragraphsOfPage(entry.file, entry.body, problems) };
  };
  const attorney = withParagraphs("attorney");
  const attorneyFile = tree.singles.attorney?.file;
  const attorneyPhoto =
    attorney?.photo && attorneyFile !== undefined ? pictureOf(attorneyFile, "photo", attorney.photo, "portrait") : undefined;
  const home = withParagraphs("home");
  const philosophy = withParagraphs("philosophy");
  const {
    site,
    notices,
    servicesPage,
    resources,
    contact,
    articleEnd,
    errors,
    booking,
    engagement,
    consultations,
    nonEngagementLetter,
    consultationOfferLetter,
    engagementInvitationLetter,
  } = tree.singles;
  // The offer letter exists to carry the person's booking link.
  if (consultationOfferLetter?.bodyText !== undefined && !consultationOfferLetter.bodyText.includes("{{bookingLink}}"))
    problems.push({ file: consultationOfferLetter.file, message: "must say {{bookingLink}} where the person's booking link goes" });
  // So does the engagement letter's covering e-mail its link to read and sign.
  if (engagementInvitationLetter?.bodyText !== undefined && !engagementInvitationLetter.bodyText.includes("{{engagementLink}}"))
    problems.push({
      file: engagementInvitationLetter.file,
      message: "must say {{engagementLink}} where the person's link to read and sign the letter goes",
    });
  const engagementLetters = engagementTemplates(tree.singles, siteFacts && factsOf(siteFacts), problems);
  const shareCard =
    site?.value &&
    card("site", { eyebrow: site.value.tagline, title: home?.hero.headline ?? site.value.tagline }, site.value.shareImageAlt);

  if (problems.length > 0) throw new ContentError(problems);

  const newestFirst = <T extends { date: string; slug: string }>(a: T, b: T) =>
    b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug);
  const byOrder = <T extends { order: number; slug: string }>(a: T, b: T) => a.order - b.order || a.slug.localeCompare(b.slug);
  const withoutOrder = <T extends { order: number }>({ order: _, ...rest }: T) => rest;
  return {
    content: {
      site: present(site?.value),
      shareCard: present(shareCard),
      notices: present(notices?.value),
      pages: {
        home: present(home),
        philosophy: present(philosophy),
        attorney: { ...present(attorney), photo: attorneyPhoto },
        services: present(servicesPage?.value),
        resources: present(resources?.value),
        contact: present(contact?.value),
        articleEnd: present(articleEnd?.value),
        errors: present(errors?.value),
        booking: present(booking?.value),
        engagement: present(engagement?.value),
      },
      consultations: present(consultations?.value),
      services: services.sort(byOrder).map(withoutOrder),
      articles: articles.sort(newestFirst),
      news: news.sort(newestFirst),
      legal: legal.sort(byOrder).map(withoutOrder),
      letters: {
        nonEngagement: {
          subject: present(nonEngagementLetter?.value).subject,
          body: present(nonEngagementLetter?.bodyText),
        } satisfies Letter,
        consultationOffer: {
          subject: present(consultationOfferLetter?.value).subject,
          body: present(consultationOfferLetter?.bodyText),
        } satisfies Letter,
        engagementInvitation: { body: present(engagementInvitationLetter?.bodyText) },
      },
      engagementLetters: present(engagementLetters),
    },
    placeholders: tree.placeholders,
    sources: tree.sources,
    pictures: pictures.uses,
    cards,
  };
}

/** Whether a piece passed its schema (a Markdown piece always has a text, empty or not). */
function isUsable<K extends FolderName>(entry: PieceEntry<K>): entry is Usable<K> {
  return entry.value !== undefined && entry.body !== undefined;
}

/** A file the site needs, once the content has no problems: a missing or invalid one is a problem, so it is here. */
function present<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("content/ has no problems, yet a file the site needs was not compiled");
  return value;
}

/** The pictures a text shows (`![words](images/…)`), each checked; a problem names the line. */
function inlinePictures(file: string, body: MdastRoot, pictures: ContentPictures, problems: ContentProblem[]): InlinePictures {
  const found = new Map<string, Picture>();
  visit(body, "image", (node: Image) => {
    const alt = node.alt ?? "";
    // A picture without words is refused where the text is checked (markdown.ts's checkBody).
    if (!alt.trim()) return;
    const picture = pictures.picture(node.url, alt, "inline");
    if (typeof picture === "string") problems.push({ file, line: node.position?.start.line, message: picture });
    else found.set(pictureKey(node.url, alt), picture);
  });
  return found;
}

/** The paragraphs of a text that may hold nothing else (a page's story, a biography). */
function paragraphsOf(nodes: MdastRoot["children"], file: string, problems: ContentProblem[]): Paragraphs {
  return nodes.flatMap((node) => {
    if (node.type === "paragraph") return [paragraphHtml(node)];
    problems.push({
      file,
      line: node.position?.start.line,
      message: "only paragraphs belong in this text: no headings, lists, quotes or tables (see content/README.md)",
    });
    return [];
  });
}

/** A page's text: its paragraphs, of which it must have one. */
function paragraphsOfPage(file: string, body: MdastRoot | undefined, problems: ContentProblem[]): Paragraphs {
  const paragraphs = paragraphsOf(body?.children ?? [], file, problems);
  if (paragraphs.length === 0) problems.push({ file, message: "the text below the frontmatter is missing" });
  return paragraphs;
}

/** A service's text: paragraphs before the first `##` heading, then each `##` section's paragraphs. */
function sectioned(file: string, body: MdastRoot, problems: ContentProblem[]): Pick<Service, "intro" | "sections"> {
  const nodes = body.children;
  const slugger = new GithubSlugger();
  const starts = nodes.flatMap((node, index) => (node.type === "heading" && node.depth === 2 ? [index] : []));
  const intro = paragraphsOf(nodes.slice(0, starts[0] ?? nodes.length), file, problems);
  if (intro.length === 0) problems.push({ file, message: "the introduction is missing: write it below the frontmatter" });
  const sections: PageSection[] = starts.map((start, number) => {
    const heading = headingText(nodes[start] as Heading);
    return {
      id: slugger.slug(heading),
      heading,
      paragraphs: paragraphsOf(nodes.slice(start + 1, starts[number + 1]), file, problems),
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
function retentionUnstated(file: string, writtenText: string | undefined): ContentProblem[] {
  return retentionFacts
    .filter((fact) => !writtenText?.includes(`{{${fact}}}`))
    .map((fact) => ({
      file,
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
