import { placeholder } from "./placeholder.ts";

/**
 * The practice's identity: the one place that names the firm, the founder and every external link.
 * The invented ones are marked placeholder(); replace them here and every page, e-mail and feed follows.
 */
export interface SiteFacts {
  /** The practice's name as shown in the navigation, footer and page titles. */
  readonly practiceName: string;
  /** The tagline under the brand. */
  readonly tagline: string;
  readonly founder: {
    readonly name: string;
    /** First name, used in friendly copy ("Work with Jordan"). */
    readonly firstName: string;
    /** URL segment of the attorney profile: /about/{slug}. */
    readonly slug: string;
    /** Pronouns used in third-person copy. */
    readonly pronouns: { readonly subject: string; readonly object: string; readonly possessive: string };
  };
  /** Public inquiry address shown on the site (footer, contact card, legal pages). */
  readonly email: string;
  readonly location: { readonly city: string; readonly region: string; readonly regionName: string; readonly country: string };
  readonly links: {
    /** Professional-network profile (footer, opens in a new tab). */
    readonly professionalNetwork: { readonly label: string; readonly href: string };
    /** The founder's art portfolio (attorney profile, opens in a new tab). */
    readonly portfolio: { readonly label: string; readonly href: string };
  };
  readonly copyrightYear: number;
  /** How long messages sent through the contact form are kept: the clean-up job and the privacy policy both read it. */
  readonly retentionMonths: number;
}

export const site = {
  practiceName: placeholder("Meridian Creative Law", "the practice's name"),
  tagline: "Legal guidance for the creative world",
  founder: {
    name: placeholder("Jordan Avery", "the founder's full name"),
    firstName: placeholder("Jordan", "the founder's first name"),
    slug: placeholder("jordan-avery", "the attorney page's address, /about/{slug}, from the founder's name"),
    pronouns: {
      subject: placeholder("they", "the founder's pronouns (subject)"),
      object: placeholder("them", "the founder's pronouns (object)"),
      possessive: placeholder("their", "the founder's pronouns (possessive)"),
    },
  },
  email: placeholder("hello@meridian-creative-law.example", "the practice's public e-mail address"),
  location: { city: "Seattle", region: "WA", regionName: "Washington", country: "US" },
  links: {
    professionalNetwork: {
      label: "LinkedIn",
      href: placeholder("https://www.linkedin.com/in/jordan-avery-example", "the founder's professional-network profile (footer)"),
    },
    portfolio: {
      label: "Art portfolio",
      href: placeholder("https://jordan-avery-studio.example", "the founder's art portfolio (attorney page)"),
    },
  },
  copyrightYear: 2025,
  retentionMonths: placeholder(24, "how many months contact-form messages are kept (privacy policy and clean-up job)"),
} as const satisfies SiteFacts;

/** "Seattle, Washington" as the spec prints it. */
export const locationLabel = `${site.location.city}, ${site.location.regionName}`;

/** Path of the attorney profile, derived from the founder's slug. */
export const attorneyPath = `/about/${site.founder.slug}` as const;
