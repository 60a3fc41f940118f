/**
 * The resources page (/resources). Its article cards and news items come from the Markdown files under
 * content/ (see content/README.md); this module holds the page's own copy.
 */

export const resources = {
  heading: "Resources & Insights",
  intro:
    "Plain-English articles, guides and updates on the legal side of creative work, written for artists, arts organizations and creative-tech teams.",
  blogHeading: "Blog & Articles",
  newsHeading: "News & Updates",
  stayUpdated: {
    heading: "Stay Updated",
    text: "Have a question you'd like to see covered, or want to know when new resources and workshops are available? We'd love to hear from you.",
    label: "Get in Touch",
  },
} as const;
