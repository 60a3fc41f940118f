/**
 * The writing the practice publishes as Markdown files under `content/` (see content/README.md), as the
 * build compiles it (build/content): frontmatter checked, body already turned into HTML. Nothing here
 * parses Markdown; the Worker only reads the result.
 */

/** The closed list of article categories; a file naming another fails the build. */
export const articleCategories = ["Contracts", "IP Law", "General"] as const;
export type ArticleCategory = (typeof articleCategories)[number];

/**
 * Where a piece stands. `published`: shown everywhere it belongs. `upcoming`: a card with a "Coming Soon"
 * badge that is not clickable and has no page. `draft`: nowhere (left out of the build).
 */
export const publicationStatuses = ["draft", "upcoming", "published"] as const;
export type PublicationStatus = (typeof publicationStatuses)[number];

/** An ISO calendar date, YYYY-MM-DD, checked to be a real date. */
export type IsoDate = string;

export interface Article {
  /** The file name without `.md`: the article lives at /blog/{slug}. */
  readonly slug: string;
  readonly path: `/blog/${string}`;
  readonly title: string;
  /** Meta description for search results and shared links. */
  readonly description: string;
  /** The card's text; the description when the file gives none. */
  readonly excerpt: string;
  readonly category: ArticleCategory;
  readonly date: IsoDate;
  /** The last substantive revision, when there was one. */
  readonly updated?: IsoDate;
  readonly status: PublicationStatus;
  /** Minutes a reader needs, at 230 words a minute. */
  readonly readingMinutes: number;
  /** The body as HTML, styled for reading (empty for an upcoming article, which has no page). */
  readonly html: string;
  /** Set only in a local preview of drafts (`npm run start:drafts`): this piece is a draft shown as if published. */
  readonly previewDraft?: true;
}

export interface NewsItem {
  readonly slug: string;
  readonly title: string;
  readonly date: IsoDate;
  readonly status: PublicationStatus;
  /** Where the card leads (a path on this site or an absolute URL); a card without one is not clickable. */
  readonly link?: string;
  /** The item's text as HTML. */
  readonly html: string;
  readonly previewDraft?: true;
}

/** One `##` section of a legal notice: its anchor, its heading as shown, and the HTML under it. */
export interface LegalSection {
  readonly id: string;
  readonly heading: string;
  readonly html: string;
}

export interface LegalNotice {
  /** The file name without `.md`: the notice lives at /{slug}. */
  readonly slug: string;
  readonly title: string;
  readonly description: string;
  readonly effective: IsoDate;
  readonly updated?: IsoDate;
  /** Text before the first section, as HTML. */
  readonly intro: string;
  readonly sections: readonly LegalSection[];
  readonly previewDraft?: true;
}

/** Everything under content/, as the Worker receives it: newest first; drafts left out. */
export interface SiteContent {
  readonly articles: readonly Article[];
  readonly news: readonly NewsItem[];
  readonly legal: readonly LegalNotice[];
}
