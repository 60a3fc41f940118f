import { legalDisclaimer } from "./legal-disclaimer.ts";
import { privacyPolicy } from "./privacy-policy.ts";
import { termsOfUse } from "./terms-of-use.ts";
import type { LegalNotice } from "./types.ts";

/** The site's legal notices by URL path segment (each is served at /{id}). */
export const legalNotices = {
  "terms-of-use": termsOfUse,
  "privacy-policy": privacyPolicy,
  "legal-disclaimer": legalDisclaimer,
} as const satisfies Record<string, LegalNotice>;

export type LegalNoticeId = keyof typeof legalNotices;
