/*
 * What the client's engagement page (/engage/{secret}) shows, worked out by the Worker (src/worker/engage) and
 * drawn by src/pages/EngagementPage.tsx: plain data, every text already the one the record keeps.
 */

/** Why the last step on the page was refused (content/pages/engagement.yaml, `refusals`). */
export type EngagementRefusal = "nameEmpty" | "nameInvalid" | "consentMissing" | "agreementMissing" | "stale";

/**
 * Why the link opens nothing to sign (content/pages/engagement.yaml, `closed`): `unknown` says the general
 * sentence; `unverified`, that a signed letter's record does not verify, so no copy is made of it.
 */
export type ClosedReason = "unknown" | "expired" | "voided" | "withdrawn" | "signed" | "unverified";

/** What the client typed and ticked on the page, shown again when a step was refused. */
export interface EngagementTyped {
  readonly name: string;
  readonly consent: boolean;
  readonly agreed: boolean;
}

export type EngagementView =
  /** The disclosure the letter was sent with (its exact text, as the record keeps it) and the consent to it. */
  | {
      readonly state: "consent";
      readonly name: string;
      /** The disclosure's heading, then its paragraphs in order. */
      readonly disclosure: { readonly heading: string; readonly paragraphs: readonly string[] };
      readonly refusal?: EngagementRefusal;
      readonly typed?: EngagementTyped;
    }
  /** The letter itself (its exact text, a paragraph each), to be signed. */
  | {
      readonly state: "sign";
      readonly name: string;
      readonly paragraphs: readonly string[];
      readonly version: number;
      /** The day the version was sent, written for the reader. */
      readonly sentOn: string;
      readonly letterSha256: string;
      readonly refusal?: EngagementRefusal;
      readonly typed?: EngagementTyped;
    }
  /** Signed just now: the signed letter to download. */
  | { readonly state: "signed"; readonly pdfPath: string }
  | { readonly state: "declined" | "paperRequested" }
  /** The link opens nothing to sign; a signed letter's PDF can still be downloaded. */
  | { readonly state: "closed"; readonly reason: ClosedReason; readonly pdfPath?: string };
