/**
 * The pages reached only by a private link: the route table lists none of them (their path holds a secret
 * made for one person), so the checks that load a page of each kind from the route table cannot reach them.
 * Each entry makes a fresh link of its kind the way the practice makes one, on the server at `origin` (a
 * loopback address: the inbox's forms are posted signed in as the local developer), and returns its path.
 *
 * `e2e/budget.e2e.ts` holds each to the JavaScript budgets and `npm run lighthouse -- --private-links`
 * audits each (bench/lib/lighthouse.ts). A new kind of private link adds its maker here, and both cover it.
 */
import { type Send, offerConsultation } from "./consultation-offer.ts";
import { engagementLetterLink } from "./engagement-letter.ts";

export const privateLinkPages: readonly { readonly kind: string; readonly make: (origin: string, send?: Send) => Promise<string> }[] = [
  // /book/{secret}: a consultation offered from a cleared inquiry (src/worker/book/).
  { kind: "booking", make: async (origin, send) => (await offerConsultation(origin, send)).path },
  // /engage/{secret}: an engagement letter to read and sign, its link made to copy (src/worker/engage/).
  { kind: "engagement", make: engagementLetterLink },
];

/** A fresh link of each kind, in the order above. */
export const privateLinkPaths = (origin: string, send?: Send) => Promise.all(privateLinkPages.map((page) => page.make(origin, send)));
