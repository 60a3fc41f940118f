import type { Block } from "../blocks.ts";

/** One section of a legal notice; `id` becomes the heading's anchor and table-of-contents target. */
export interface LegalSection {
  readonly id: string;
  /** Heading without a number; numbered notices get their numbers from the page. */
  readonly heading: string;
  readonly blocks: readonly Block[];
}

/** A legal notice page (Terms of Use, Privacy Policy, Legal Disclaimer). */
export interface LegalNotice {
  readonly title: string;
  readonly effectiveLabel: "November 3, 2025";
  readonly effectiveIso: "2025-11-03";
  /** Text shown before the first section. */
  readonly intro: readonly Block[];
  /** Whether the page numbers the section headings (1., 2., ...). */
  readonly numbered: boolean;
  readonly sections: readonly LegalSection[];
}
