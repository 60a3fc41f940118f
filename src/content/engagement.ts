/**
 * What the engagement letters of content/letters/ (engagement-*.md) and the signing page's disclosure
 * (content/pages/engagement.yaml) must hold, declared once: the kinds of letter, the tokens the site fills in
 * itself, the five statements Washington's RPC 1.5(f)(2) requires of a flat fee that is the practice's on
 * receipt, and the parts of the consumer disclosure the federal ESIGN Act (15 U.S.C. §7001(c)) asks for before
 * a client consents to electronic records. The schemas (./schema) and the content check (build/content) read
 * these; the Worker fills the letters (src/engagement).
 */

/** The kinds of engagement letter, one file each: hourly fees, a flat fee, limited-scope work. */
export const engagementKinds = ["hourly", "flat-fee", "limited-scope"] as const;
export type EngagementKind = (typeof engagementKinds)[number];

/** Where each kind's template lives under content/. */
export const engagementLetterPaths: Readonly<Record<EngagementKind, string>> = {
  hourly: "letters/engagement-hourly.md",
  "flat-fee": "letters/engagement-flat-fee.md",
  "limited-scope": "letters/engagement-limited-scope.md",
};

/**
 * Tokens an engagement letter may write without declaring them: the site fills them in itself when the letter
 * is prepared (`date`: the day, in the practice's zone, "November 25, 2026"). Every other `{{token}}` that is
 * not a fact of the site is one of the letter's own fields, declared in its frontmatter.
 */
export const engagementSystemTokens = ["date"] as const;

/** The `{{name}}` tokens a text writes, in order of first use. */
export function tokensOf(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(/\{\{\s*([A-Za-z]+)\s*\}\}/g), (match) => match[1]!))];
}

/** One statement a flat-fee letter must make, in words a check can find. */
export interface RequiredStatement {
  /** A short name for problems: "the fee is the practice's on receipt". */
  readonly name: string;
  /** Where the rule asks for it. */
  readonly rule: string;
  /**
   * The sentence the letter must contain, word for word but for line breaks and spaces: written in the form
   * the rule itself offers as sufficient, in the practice's voice. Facts and the letter's own fields are
   * written as tokens; the check fills the facts in on both sides.
   */
  readonly sentence: string;
}

/**
 * RPC 1.5(f)(2): a flat fee is the lawyer's property on receipt, and kept out of trust, only if the client
 * signs a writing that says, in a way the client can easily understand, (i) the scope of the services, (ii) the
 * total fee and the terms of payment, (iii) that the fee is the lawyer's property immediately on receipt and
 * will not be placed in a trust account, (iv) that the agreement does not alter the client's right to end the
 * relationship, and (v) that the client may be entitled to a refund of a portion of the fee if the agreed
 * services have not been completed. The flat-fee letter must hold each sentence below; the content check names
 * the one it lacks.
 */
export const flatFeeStatements: readonly RequiredStatement[] = [
  {
    name: "the services the flat fee buys",
    rule: "RPC 1.5(f)(2)(i)",
    sentence: "For a flat fee of {{flatFee}}, {{practiceName}} agrees to provide the following services: {{scope}}",
  },
  {
    name: "the total fee and the terms of payment",
    rule: "RPC 1.5(f)(2)(ii)",
    sentence: "The flat fee of {{flatFee}} is the whole of our fee for these services, and it is to be paid as follows: {{feeTerms}}",
  },
  {
    name: "that the fee is the practice's on receipt and not placed in a trust account",
    rule: "RPC 1.5(f)(2)(iii)",
    sentence:
      "When {{practiceName}} receives all or any part of the flat fee, that money becomes the property of {{practiceName}} at once and will not be placed in a trust account.",
  },
  {
    name: "that paying in advance does not alter the right to end the relationship",
    rule: "RPC 1.5(f)(2)(iv)",
    sentence: "Paying the fee in advance does not affect your right to end our attorney-client relationship at any time.",
  },
  {
    name: "that a refund of part of the fee may be due if the services are not completed",
    rule: "RPC 1.5(f)(2)(v)",
    sentence:
      "If our relationship ends before the agreed-upon services have been completed, you may be entitled to a refund of a portion of the fee.",
  },
];

/** Spaces and line breaks as one space: how a required sentence is found in a letter wrapped to any width. */
export const collapseSpaces = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * The parts of the consumer disclosure ESIGN §7001(c)(1) asks for before a consumer consents to receive a
 * record electronically, each a field of content/pages/engagement.yaml's `disclosure` (in this order in the
 * text the client reads, which the record keeps with its SHA-256).
 */
export const disclosureParts = {
  paperRight: "§7001(c)(1)(B)(i): the right to have the letter on paper instead",
  covers: "§7001(c)(1)(B)(iii): what the consent covers (this letter and the records of its signing)",
  withdrawal:
    "§7001(c)(1)(B)(ii) and (iv): the right to withdraw consent, how, and what follows (its conditions, consequences and any fee)",
  contactDetails: "§7001(c)(1)(B)(iv): how to update the e-mail address the practice reaches the client at",
  paperCopy: "§7001(c)(1)(B)(v): how to get a paper copy after consenting, and whether it costs anything",
  requirements: "§7001(c)(1)(C)(i): the hardware and software needed to open and keep the letter and its record",
} as const;
export type DisclosurePart = keyof typeof disclosureParts;
