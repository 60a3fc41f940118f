import { site } from "../site.ts";
import type { LegalNotice } from "./types.ts";

const { practiceName, email } = site;
const attorney = site.founder.name;
const emailLink = `[${email}](mailto:${email})`;

export const legalDisclaimer: LegalNotice = {
  title: "Legal Disclaimer",
  effectiveLabel: "November 3, 2025",
  effectiveIso: "2025-11-03",
  numbered: false,
  intro: [
    {
      type: "paragraph",
      text: `Please read this disclaimer before relying on anything on the ${practiceName} website. By using the site, you acknowledge the points below.`,
    },
  ],
  sections: [
    {
      id: "general-information-only",
      heading: "General Information Only",
      blocks: [
        {
          type: "paragraph",
          text: "The articles, resources and other content on this website are provided for general informational purposes only. They are not legal advice and are not a substitute for advice from a qualified lawyer about your particular situation.",
        },
        {
          type: "paragraph",
          text: "Laws and their application differ from place to place and change over time, and the right answer usually depends on specific facts. Content may not reflect the most recent legal developments. Please do not act, or decide not to act, on the basis of anything on this site without first getting legal advice about your own circumstances.",
        },
      ],
    },
    {
      id: "no-attorney-client-relationship",
      heading: "No Attorney-Client Relationship",
      blocks: [
        {
          type: "paragraph",
          text: `Visiting this website, reading its content, sending a message through the contact form or e-mailing us does not create an attorney-client relationship with ${practiceName} or ${attorney}.`,
        },
        {
          type: "paragraph",
          text: "An attorney-client relationship is formed only after we have checked for conflicts of interest, agreed to take on your matter, and we have both signed a written engagement letter that describes the scope of our work.",
        },
      ],
    },
    {
      id: "confidential-information",
      heading: "Please Do Not Send Confidential Information",
      blocks: [
        {
          type: "paragraph",
          text: `Until an engagement letter has been signed, please do not send confidential, sensitive or time-sensitive information through the contact form or to ${emailLink}. Information you send before then may not be treated as confidential or privileged, and sending it does not mean we have agreed to represent you.`,
        },
        {
          type: "paragraph",
          text: "A brief description of who you are and the general nature of your project is all we need to start the conversation. If your matter involves a deadline, please do not wait to hear from us; consult a lawyer promptly.",
        },
      ],
    },
    {
      id: "results-vary",
      heading: "Results Vary",
      blocks: [
        {
          type: "paragraph",
          text: "Every matter is different, and the outcome of any legal matter depends on its own facts and law. Any description of past work, results or recognition on this site does not guarantee or predict a similar result in any future matter.",
        },
      ],
    },
    {
      id: "attorney-advertising-and-licensing",
      heading: "Attorney Advertising and Licensing",
      blocks: [
        {
          type: "paragraph",
          text: `This website may be considered attorney advertising under the rules of professional conduct of some jurisdictions. ${attorney}, based in Seattle, Washington, is the attorney responsible for its content.`,
        },
        {
          type: "paragraph",
          text: `${attorney} is licensed to practice law in Washington State only. Nothing on this site is intended to offer legal services in any jurisdiction where we are not authorized to practice, and we do not seek to represent anyone based solely on their visit to this site.`,
        },
      ],
    },
    {
      id: "related-notices",
      heading: "Related Notices",
      blocks: [
        {
          type: "paragraph",
          text: "Your use of this site is also governed by our [Terms of Use](/terms-of-use). Our [Privacy Policy](/privacy-policy) explains what information we collect through the site, including through the contact form, and how we handle it.",
        },
      ],
    },
  ],
};
