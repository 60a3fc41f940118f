/**
 * The resources page (/resources). The "Blog & Articles" cards come from the articles' own data;
 * this module holds the page copy and the news list.
 */

export interface NewsItem {
  readonly title: string;
  readonly date: string;
  readonly content: string;
  /** Shows a "Coming Soon" badge. */
  readonly upcoming?: boolean;
  /** Route the card links to; a card without one is not clickable. */
  readonly link?: string;
}

const news: readonly NewsItem[] = [
  {
    title: "Resources Coming Soon",
    date: "November 2025",
    content:
      "We're building a library of practical tools for creatives, including workshop recordings, contract checklists and adaptable templates. Check back soon, or get in touch to tell us what would be most useful to you.",
  },
];

export const resources = {
  heading: "Resources & Insights",
  intro:
    "Plain-English articles, guides and updates on the legal side of creative work, written for artists, arts organizations and creative-tech teams.",
  blogHeading: "Blog & Articles",
  newsHeading: "News & Updates",
  news,
  stayUpdated: {
    heading: "Stay Updated",
    text: "Have a question you'd like to see covered, or want to know when new resources and workshops are available? We'd love to hear from you.",
    label: "Get in Touch",
  },
} as const;
