import { site } from "./site.ts";

/** The home page (/). The article cards of the carousel come from the articles' own data. */

const { city } = site.location;

export const home = {
  hero: {
    eyebrow: `Creative Law & Consulting in ${city}`,
    headline: "Protect What You Create",
    text: "Clear, thoughtful legal guidance for artists, creative teams and mission-driven organizations, so you can focus on the work that matters most to you.",
    primaryLabel: "Get in Touch",
    secondaryLabel: "Explore Services",
  },
  intro: {
    heading: "Creative Legal Services for Artists & Innovators",
    paragraphs: [
      `${site.practiceName} is a ${city}-based creative law and consulting practice serving artists, galleries, museums, cultural nonprofits and creative-tech teams. We help you navigate contracts, licensing, intellectual property and governance with counsel that is precise, practical and written in plain English.`,
      "We believe the law can be a creative tool. A well-made agreement clarifies expectations, protects relationships and gives your ideas room to grow. Whether you're signing your first commission, launching a new platform or guiding a nonprofit board, we'll help you build a framework that fits your work.",
    ],
    philosophyLabel: "Our Philosophy",
    attorneyLabel: "Meet the Attorney",
  },
  insights: {
    heading: "Insights & Resources",
    text: "Practical, plain-English articles on contracts, licensing and the legal side of creative practice.",
    viewAllLabel: "View All Resources",
  },
  closing: {
    heading: `Work with ${site.practiceName}`,
    text: "Tell us about your project or organization. We'll listen, answer your questions and help you find the right next step.",
    label: "Get in Touch",
  },
} as const;
