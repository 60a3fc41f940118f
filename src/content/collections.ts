/**
 * Everything under `content/` (see content/README.md) as the build compiles it (build/content): each file
 * checked against its schema (./schema), facts filled in, placeholders unwrapped, Markdown already turned
 * into HTML. Nothing here parses Markdown; the Worker only reads the result.
 */
import type * as z from "zod";
import type { EngagementKind } from "./engagement.ts";
import type { Picture } from "./pictures.ts";
import type * as schema from "./schema/index.ts";
import type { articleCategories } from "./schema/lists.ts";

export type ArticleCategory = (typeof articleCategories)[number];

/** An ISO calendar date, YYYY-MM-DD, checked to be a real date. */
export type IsoDate = string;

/** What the build adds to every piece of a folder. */
interface Piece {
  /** The file name without `.md`: its address's last part. */
  readonly slug: string;
  /** Set only in a local preview of drafts (`npm run start:drafts`): this piece is a draft shown as if published. */
  readonly previewDraft?: true;
}

/** An article: its file's fields (schema.article), with what the build adds. */
export type Article = Omit<z.output<typeof schema.article>, "excerpt" | "cover"> &
  Piece & {
    /** Its page's path (the route table's `paths.article`). */
    readonly path: string;
    /** The card's text; the description when the file gives none. */
    readonly excerpt: string;
    /** Minutes a reader needs (src/content/reading.ts). */
    readonly readingMinutes: number;
    /** The picture at its top and on its cards, when it has one. */
    readonly cover?: Picture;
    /** Its own share card, drawn at build (og:image). */
    readonly card: ShareCard;
    /** The body as HTML, styled for reading (empty for an upcoming article, which has no page). */
    readonly html: string;
  };

/** A share card (og:image), drawn at build from content/ (build/content/cards.ts): a 1200×630 PNG. */
export interface ShareCard {
  /** Its path on the site, hashed from what it shows. */
  readonly path: string;
  /** What it shows, in words. */
  readonly alt: string;
}

/** A news item: its file's fields (schema.news), with its text as HTML. */
export type NewsItem = z.output<typeof schema.news> & Piece & { readonly html: string };

/** One `##` section of a legal notice: its anchor, its heading as shown, and the HTML under it. */
export interface LegalSection {
  readonly id: string;
  readonly heading: string;
  readonly html: string;
}

/** A legal notice, at /{slug}: its file's fields (schema.legal) but those the build applies, with its text in sections. */
export type LegalNotice = Omit<z.output<typeof schema.legal>, "numbered" | "order" | "status"> &
  Piece & {
    /** Text before the first section, as HTML. */
    readonly intro: string;
    readonly sections: readonly LegalSection[];
  };

/** Paragraphs of a page's text, each as the HTML inside its <p>. */
export type Paragraphs = readonly string[];

/** A `##` section of a page's text: its anchor, its heading, and its paragraphs. */
export interface PageSection {
  readonly id: string;
  readonly heading: string;
  readonly paragraphs: Paragraphs;
}

export type SiteFacts = z.output<typeof schema.site>;
export type Notices = z.output<typeof schema.notices>;
export type HomeCopy = z.output<typeof schema.home> & { readonly paragraphs: Paragraphs };
export type PhilosophyCopy = z.output<typeof schema.philosophy> & { readonly paragraphs: Paragraphs };
export type AttorneyCopy = Omit<z.output<typeof schema.attorney>, "photo"> & {
  readonly paragraphs: Paragraphs;
  /** The founder's portrait, when content/ has one (otherwise `photoNote` shows in its place). */
  readonly photo?: Picture;
};
export type ServicesCopy = z.output<typeof schema.servicesPage>;
export type ResourcesCopy = z.output<typeof schema.resources>;
export type ContactCopy = z.output<typeof schema.contact>;
export type ArticleEndCopy = z.output<typeof schema.articleEnd>;
export type ErrorsCopy = z.output<typeof schema.errors>;
export type BookingCopy = z.output<typeof schema.booking>;
/** The signing page of an engagement letter, with the consumer disclosure (content/pages/engagement.yaml). */
export type EngagementCopy = z.output<typeof schema.engagementPage>;
/** When and how clients can book a consultation (content/consultations.yaml). */
export type Consultations = z.output<typeof schema.consultations>;

export type Service = Omit<z.output<typeof schema.service>, "order"> &
  Omit<Piece, "previewDraft"> & {
    /** Its page's path (the route table's `paths.service`). */
    readonly path: string;
    /** The text before the first `##` heading. */
    readonly intro: Paragraphs;
    /** Each `##` section, shown after the offerings. */
    readonly sections: readonly PageSection[];
  };

/** A letter's subject and plain text, with the site's facts filled in and its own tokens left for the inbox. */
export interface Letter {
  readonly subject: string;
  readonly body: string;
}

/** A field an engagement letter asks the attorney for: its token's name, label, help, one line or several, what prefills it. */
export type EngagementField = z.output<typeof schema.engagementHourly>["fields"][number];

/**
 * An engagement letter's template (content/letters/engagement-*.md): its kind, name, e-mail subject and fields,
 * and its plain text with the site's facts filled in and each wrapped paragraph on one line; its fields and
 * `{{date}}` are left as tokens, filled when the attorney prepares it (src/engagement/letter.ts).
 */
export interface EngagementTemplate {
  readonly kind: EngagementKind;
  readonly title: string;
  readonly subject: string;
  readonly fields: readonly EngagementField[];
  readonly body: string;
}

/** What lists, cards and the feed show of an article: everything but its body. */
export type ArticleSummary = Omit<Article, "html">;

/** What a search without JavaScript reads of each published article: what its card shows. */
export type SearchSummary = Pick<Article, "path" | "title" | "excerpt" | "category" | "date">;

/** Everything under content/, as the build compiles it: pieces newest first, drafts left out. */
export interface SiteContent {
  readonly site: SiteFacts;
  /** The card every page but an article is shared with. */
  readonly shareCard: ShareCard;
  readonly notices: Notices;
  readonly pages: {
    readonly home: HomeCopy;
    readonly philosophy: PhilosophyCopy;
    readonly attorney: AttorneyCopy;
    readonly services: ServicesCopy;
    readonly resources: ResourcesCopy;
    readonly contact: ContactCopy;
    readonly articleEnd: ArticleEndCopy;
    readonly errors: ErrorsCopy;
    readonly booking: BookingCopy;
    readonly engagement: EngagementCopy;
  };
  readonly consultations: Consultations;
  readonly services: readonly Service[];
  readonly articles: readonly Article[];
  readonly news: readonly NewsItem[];
  readonly legal: readonly LegalNotice[];
  readonly letters: {
    readonly nonEngagement: Letter;
    readonly consultationOffer: Letter;
    /** The e-mail that sends an engagement letter's link: its text alone, the subject being the letter's own. */
    readonly engagementInvitation: Pick<Letter, "body">;
  };
  /** The engagement letters' templates, by kind. */
  readonly engagementLetters: Readonly<Record<EngagementKind, EngagementTemplate>>;
}

/** A legal notice as the footer links it. */
export type LegalLink = Pick<LegalNotice, "slug" | "title">;

/**
 * The part of content/ the Worker's code holds: what every page may need and what does not grow with the
 * number of articles, news items or notices. Their pages are built into static files the Worker reads when
 * one of them is asked for (src/content/stored.ts), so a new isolate costs the same at 3 articles or 3,000.
 */
export interface WorkerContent
  extends Pick<SiteContent, "site" | "shareCard" | "notices" | "pages" | "services" | "letters" | "engagementLetters" | "consultations"> {
  /** The legal notices, for the footer's links. */
  readonly legal: readonly LegalLink[];
  /**
   * The newest published articles: the home carousel's and the feed's (`site.feedEntries` of them at most),
   * without their share cards, and with their covers only where the carousel shows them.
   */
  readonly latestArticles: readonly LatestArticle[];
}

/** An article as the Worker holds it for the carousel and the feed. */
export type LatestArticle = Omit<ArticleSummary, "card">;
