import { site } from "./site.ts";

/**
 * The facts of the site a content file may write as `{{name}}` (e.g. "write to {{email}}"). The build fills
 * them in from site.ts, so the practice's name or address is changed in one place, and a name that is not
 * listed here fails the build with the file and line.
 */
export const contentFacts = {
  practiceName: site.practiceName,
  founderName: site.founder.name,
  founderFirstName: site.founder.firstName,
  email: site.email,
  city: site.location.city,
  state: site.location.regionName,
  /** "24 months": how long contact-form messages are kept, as the clean-up job applies it. */
  retentionPeriod: `${site.retentionMonths} months`,
} as const satisfies Record<string, string>;
