import { site } from "../site.ts";
import type { LegalNotice } from "./types.ts";

const { practiceName, email } = site;
const emailLink = `[${email}](mailto:${email})`;

export const termsOfUse: LegalNotice = {
  title: "Terms of Use",
  effectiveLabel: "November 3, 2025",
  effectiveIso: "2025-11-03",
  numbered: true,
  intro: [
    {
      type: "paragraph",
      text: `These Terms of Use govern your use of the website of ${practiceName} ("${practiceName}," "we," "us" or "our"). By visiting or using this site, you agree to these terms. If you do not agree, please do not use the site.`,
    },
    {
      type: "paragraph",
      text: `Please also read our [Privacy Policy](/privacy-policy), which explains how we handle information you send us, and our [Legal Disclaimer](/legal-disclaimer).`,
    },
  ],
  sections: [
    {
      id: "use-of-this-site",
      heading: "Use of This Site",
      blocks: [
        {
          type: "paragraph",
          text: "You may use this site for lawful purposes only, such as learning about our services, reading our articles and contacting us. When you use the site, you agree not to:",
        },
        {
          type: "list",
          items: [
            "use the site in a way that breaks any law or regulation or infringes the rights of others;",
            "try to gain unauthorized access to the site, its hosting systems or any related data;",
            "interfere with the site's operation, for example by sending malicious code or overloading it with automated requests;",
            "use the contact form to send spam, advertising, or false or misleading information.",
          ],
        },
        {
          type: "paragraph",
          text: "We may change, suspend or discontinue any part of the site at any time, and we may restrict access to anyone who misuses it.",
        },
      ],
    },
    {
      id: "no-legal-advice",
      heading: "No Legal Advice or Attorney-Client Relationship",
      blocks: [
        {
          type: "paragraph",
          text: "The content on this site, including articles, resources and service descriptions, is general information only. It is not legal advice and should not be relied on as a substitute for advice from a lawyer about your specific situation. Laws change, and the right answer often depends on facts that a general article cannot take into account.",
        },
        {
          type: "paragraph",
          text: `Using this site, reading its content, or contacting us through the contact form or by e-mail does not create an attorney-client relationship with ${practiceName}. An attorney-client relationship begins only when we have confirmed that we can take on your matter and we have both signed a written engagement letter. Until then, please do not send us confidential or time-sensitive information.`,
        },
      ],
    },
    {
      id: "intellectual-property",
      heading: "Intellectual Property",
      blocks: [
        {
          type: "paragraph",
          text: `Unless otherwise noted, the text, design, graphics and other content of this site are owned by ${practiceName} or used with permission, and are protected by copyright, trademark and other laws. The practice's name and logo may not be used without our prior written permission.`,
        },
        {
          type: "paragraph",
          text: "You may view, download and print pages from this site for your own personal, non-commercial use, as long as you keep any copyright and other notices intact. You are welcome to share links to our articles. Any other copying, reproduction, modification, distribution or commercial use of the site's content requires our prior written permission.",
        },
      ],
    },
    {
      id: "third-party-links",
      heading: "Third-Party Links",
      blocks: [
        {
          type: "paragraph",
          text: "This site may contain links to websites operated by others, such as professional-network profiles or an artist's portfolio. We provide these links for convenience only. We do not control those websites and are not responsible for their content, availability, security or privacy practices, and a link does not mean that we endorse the site or its owner.",
        },
        {
          type: "paragraph",
          text: "When you follow a link to another website, that website's own terms and privacy policy apply.",
        },
      ],
    },
    {
      id: "disclaimer-of-warranties",
      heading: "Disclaimer of Warranties",
      blocks: [
        {
          type: "paragraph",
          text: `This site and its content are provided "as is" and "as available." We try to keep the information accurate and current, but we make no promise that it is complete, accurate or up to date, or that the site will be uninterrupted, secure or free of errors or harmful components.`,
        },
        {
          type: "paragraph",
          text: "To the fullest extent permitted by law, we disclaim all warranties, express or implied, including implied warranties of merchantability, fitness for a particular purpose, title and non-infringement.",
        },
      ],
    },
    {
      id: "limitation-of-liability",
      heading: "Limitation of Liability",
      blocks: [
        {
          type: "paragraph",
          text: `To the fullest extent permitted by law, ${practiceName} and its attorneys and staff will not be liable for any direct, indirect, incidental, consequential, special or punitive damages arising out of or relating to your use of, or inability to use, this site or any information on it, even if we have been told that such damages are possible.`,
        },
        {
          type: "paragraph",
          text: "Some jurisdictions do not allow certain warranties or types of damages to be excluded or limited, so some of the limits above may not apply to you. Nothing in these terms limits any liability that cannot be limited under applicable law.",
        },
      ],
    },
    {
      id: "governing-law",
      heading: "Governing Law",
      blocks: [
        {
          type: "paragraph",
          text: "These terms, and any dispute arising out of or relating to them or to your use of this site, are governed by the laws of the State of Washington, without regard to its conflict-of-laws rules.",
        },
        {
          type: "paragraph",
          text: "You agree that any such dispute will be brought only in the state or federal courts located in King County, Washington, and you consent to the personal jurisdiction of those courts.",
        },
      ],
    },
    {
      id: "changes-to-these-terms",
      heading: "Changes to These Terms",
      blocks: [
        {
          type: "paragraph",
          text: "We may update these terms from time to time. When we do, we will post the revised version on this page and change the effective date shown at the top. Changes apply from that date, and your continued use of the site after that date means you accept the revised terms.",
        },
        {
          type: "paragraph",
          text: `If you have a question about these terms, please write to us at ${emailLink}.`,
        },
      ],
    },
  ],
};
