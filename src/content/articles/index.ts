/**
 * Article metadata: what cards, routes and page heads need. Deliberately free of article bodies so that
 * the home carousel, the resources grid and the route table can import it without pulling in long-form
 * copy; bodies live in ./bodies.ts.
 */

export type ArticleCategory = "Contracts" | "IP Law" | "General";

export interface ArticleSummary {
  /** URL segment under /blog/ and the key of the article's body in ./bodies.ts. */
  readonly slug: string;
  readonly path: `/blog/${string}`;
  readonly title: string;
  /** Meta description for search results, 140-160 characters. */
  readonly description: string;
  /** Card excerpt, one or two sentences. */
  readonly excerpt: string;
  readonly category: ArticleCategory;
  /** Date shown on cards. */
  readonly cardDate: "November 2025";
  /** Publication date as an ISO date (for <time datetime> and structured data). */
  readonly publishedIso: "2025-11-04";
  /** Publication date as shown on the article page. */
  readonly publishedLabel: "November 4, 2025";
  /** An upcoming article shows a "Coming Soon" badge. */
  readonly upcoming: boolean;
}

export const articles: readonly ArticleSummary[] = [
  {
    slug: "5-clauses-artist-contract",
    path: "/blog/5-clauses-artist-contract",
    title: "5 Clauses Every Artist Contract Should Include",
    description:
      "Scope of work, payment, copyright, usage rights and termination: the five clauses every artist contract needs, explained in plain English for working artists.",
    excerpt:
      "From scope of work to termination, these five clauses protect your time, your payment and your rights. Here is what each one should say, and why it matters.",
    category: "Contracts",
    cardDate: "November 2025",
    publishedIso: "2025-11-04",
    publishedLabel: "November 4, 2025",
    upcoming: false,
  },
  {
    slug: "how-to-license-artwork",
    path: "/blog/how-to-license-artwork",
    title: "How to License Your Artwork",
    description:
      "A six-step guide to licensing your artwork: choosing a license type, defining the scope of use, setting fees and royalties, registering and tracking each deal.",
    excerpt:
      "Licensing lets your work earn again and again while you keep ownership. Our six-step guide covers license types, scope, fees, protections and registration.",
    category: "IP Law",
    cardDate: "November 2025",
    publishedIso: "2025-11-04",
    publishedLabel: "November 4, 2025",
    upcoming: false,
  },
  {
    slug: "law-as-creative-tool",
    path: "/blog/law-as-creative-tool",
    title: "Law as a Creative Tool",
    description:
      "How ownership, clear contracts and the right structure, from entity choice to fiscal sponsorship, can turn legal protection into possibility for creative work.",
    excerpt:
      "The law is not only a shield. Used with care, ownership, contracts and structure become tools that give creative work room to grow.",
    category: "General",
    cardDate: "November 2025",
    publishedIso: "2025-11-04",
    publishedLabel: "November 4, 2025",
    upcoming: false,
  },
];

/** The article with this slug, or undefined when there is none. */
export function articleBySlug(slug: string): ArticleSummary | undefined {
  return articles.find((article) => article.slug === slug);
}
