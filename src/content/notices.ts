import { site } from "./site.ts";

/** Shown in the site footer and under every article. */
export const notLegalAdviceNotice: string = `The information on this website is for general informational purposes only and is not legal advice. Reading this site or contacting ${site.practiceName} does not create an attorney-client relationship.`;

/** Shown under the contact form. */
export const contactFormNotice: string =
  "Sending this form does not create an attorney-client relationship. Please keep confidential details to yourself until we have spoken.";
