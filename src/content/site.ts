/**
 * The practice's identity: the one place that names the firm, the founder and every external link.
 * These are neutral placeholders; replace them here and every page, e-mail and feed follows.
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
}

export const site = {
  practiceName: "Meridian Creative Law",
  tagline: "Legal guidance for the creative world",
  founder: {
    name: "Jordan Avery",
    firstName: "Jordan",
    slug: "jordan-avery",
    pronouns: { subject: "they", object: "them", possessive: "their" },
  },
  email: "hello@meridian-creative-law.example",
  location: { city: "Seattle", region: "WA", regionName: "Washington", country: "US" },
  links: {
    professionalNetwork: { label: "LinkedIn", href: "https://www.linkedin.com/in/jordan-avery-example" },
    portfolio: { label: "Art portfolio", href: "https://jordan-avery-studio.example" },
  },
  copyrightYear: 2025,
} as const satisfies SiteFacts;

/** "Seattle, Washington" as the spec prints it. */
export const locationLabel = `${site.location.city}, ${site.location.regionName}`;

/** Path of the attorney profile, derived from the founder's slug. */
export const attorneyPath = `/about/${site.founder.slug}` as const;
