import { site } from "../site.ts";
import type { LegalNotice } from "./types.ts";

const { practiceName, email } = site;
const emailLink = `[${email}](mailto:${email})`;

export const privacyPolicy: LegalNotice = {
  title: "Privacy Policy",
  effectiveLabel: "November 3, 2025",
  effectiveIso: "2025-11-03",
  numbered: false,
  intro: [
    {
      type: "paragraph",
      text: `${practiceName} ("we," "us" or "our") respects your privacy. This Privacy Policy explains what information we collect through this website, how we use and share it, how long we keep it, and the choices you have. It applies only to this website and to messages you send us through it.`,
    },
    {
      type: "paragraph",
      text: "Sending us a message through the contact form does not create an attorney-client relationship. Please do not send confidential or sensitive information through the form; we will discuss the details of your matter with you directly once we have spoken.",
    },
  ],
  sections: [
    {
      id: "information-we-collect",
      heading: "Information We Collect",
      blocks: [
        { type: "subheading", text: "Personal information you give us" },
        { type: "paragraph", text: "When you use the contact form, you provide:" },
        {
          type: "list",
          items: [
            "your name;",
            "your e-mail address;",
            "the name of your organization or project, if you choose to give it;",
            "the content of your message.",
          ],
        },
        {
          type: "paragraph",
          text: "If you write to us by e-mail instead, we receive your e-mail address and whatever you include in your message.",
        },
        { type: "subheading", text: "Usage information" },
        {
          type: "paragraph",
          text: "Our hosting provider, Cloudflare, processes technical data about each request to the site, such as your IP address, browser type and the pages requested, in order to deliver the site and protect it from abuse and attacks. We do not run analytics, advertising or other tracking tools on this site.",
        },
        {
          type: "paragraph",
          text: "This site is not directed to children under 13, and we do not knowingly collect information from them.",
        },
      ],
    },
    {
      id: "how-we-use-information",
      heading: "How We Use Information",
      blocks: [
        { type: "paragraph", text: "We use the information described above to:" },
        {
          type: "list",
          items: [
            "read and respond to your inquiry and follow up on it;",
            "decide whether we can help with your matter, including checking for conflicts of interest before we agree to represent anyone;",
            "operate, maintain and secure the site and prevent spam and misuse of the contact form;",
            "comply with our legal and professional obligations.",
          ],
        },
        {
          type: "paragraph",
          text: "We do not use your information for advertising, and we do not add you to a mailing list without your permission.",
        },
      ],
    },
    {
      id: "how-we-share-information",
      heading: "How We Share Information",
      blocks: [
        {
          type: "paragraph",
          text: "We do not sell or rent your personal information, and we do not share it with anyone for their own marketing. We share information only as follows:",
        },
        {
          type: "list",
          items: [
            "Service providers: Cloudflare hosts this site, stores contact-form submissions and delivers the e-mail notification that tells us a message has arrived; that notification, with the content of your message, is then held in our practice e-mail account. These providers handle the information on our behalf to provide their services to us.",
            "Legal requirements: We may disclose information when we believe in good faith that the law, a court order or other legal process requires it, or when it is needed to protect the rights, property or safety of our practice, our clients or others, consistent with our professional obligations.",
          ],
        },
      ],
    },
    {
      id: "data-security",
      heading: "Data Security",
      blocks: [
        {
          type: "paragraph",
          text: "The site is served over an encrypted (HTTPS) connection, and we limit access to contact-form submissions to the people at our practice who need them to respond. No method of transmission or storage is completely secure, however, and we cannot guarantee the security of information you send us over the internet. This is one more reason not to send confidential details through the contact form.",
        },
        {
          type: "paragraph",
          text: "We keep contact-form submissions for up to 24 months after our last contact with you and then delete them, unless we need to keep them longer because you become a client and the information becomes part of your client file, or because the law requires it.",
        },
      ],
    },
    {
      id: "cookies",
      heading: "Cookies",
      blocks: [
        {
          type: "paragraph",
          text: "This site does not set any cookies of its own and does not use tracking or advertising cookies. Our hosting provider may set strictly necessary cookies to protect the site, for example to tell legitimate visitors apart from automated attacks. These cookies are not used to track you across other websites.",
        },
      ],
    },
    {
      id: "links-to-other-websites",
      heading: "Links to Other Websites",
      blocks: [
        {
          type: "paragraph",
          text: "This site links to websites we do not operate, such as professional-network profiles and an artist's portfolio. Once you leave our site, this policy no longer applies, and the other website's own privacy policy governs what it collects. We are not responsible for the privacy practices of other websites.",
        },
      ],
    },
    {
      id: "your-rights",
      heading: "Your Rights",
      blocks: [
        {
          type: "paragraph",
          text: `You may ask us to tell you what personal information we hold about you, to correct or update it, or to delete it. To make a request, write to us at ${emailLink}. We will answer within 30 days.`,
        },
        {
          type: "paragraph",
          text: "We may need to confirm your identity before acting on a request, for example by replying to the e-mail address you used to contact us. If we cannot delete some information because the law or our professional obligations require us to keep it, we will tell you.",
        },
      ],
    },
    {
      id: "updates-to-this-policy",
      heading: "Updates to This Policy",
      blocks: [
        {
          type: "paragraph",
          text: "We may update this Privacy Policy from time to time, for example if we change how the site works or the services we use. When we do, we will post the revised policy on this page and change the effective date shown at the top.",
        },
      ],
    },
    {
      id: "contact-us",
      heading: "Contact Us",
      blocks: [
        {
          type: "paragraph",
          text: `If you have questions about this Privacy Policy or how we handle your information, please write to us at ${emailLink}.`,
        },
      ],
    },
  ],
};
