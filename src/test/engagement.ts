import { env } from "cloudflare:workers";
import { consultations, engagementLetters, pages } from "../content/index.ts";
import type { Database } from "../db/client.ts";
import {
  type EngagementMatter,
  type RequestSource,
  consentToEngagement,
  createEngagementLetter,
  signEngagementLetter,
} from "../db/engagements.ts";
import { disclosureText, fillEngagementLetter } from "../engagement/letter.ts";
import { clearSubmissions } from "./submissions.ts";

/** The client's phone, as an engagement link's steps record it. */
export const PHONE: RequestSource = { ip: "198.51.100.7", userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 19_0) Safari" };

export interface FlatFeeLetter {
  /** The flat-fee template's fields as the attorney fills them; `clientName` is also the name signed. */
  readonly values: Readonly<Record<string, string>> & { readonly clientName: string };
  readonly clientEmail: string;
  /** When it is sent: signed a millisecond later, or, with `consentFirst`, consented to a minute later and signed two. */
  readonly now: Date;
  readonly consentFirst?: boolean;
  readonly matter?: EngagementMatter;
}

/**
 * A flat-fee engagement letter sent from inquiry `submissionId` and signed by its link on the client's phone,
 * through the same data functions as the inbox and the link: the signed letter, and its link's secret.
 */
export async function signedFlatFeeLetter(db: Database, submissionId: string, letter: FlatFeeLetter) {
  const { values, now } = letter;
  const template = engagementLetters["flat-fee"];
  const filled = fillEngagementLetter(template, values, now, consultations.timeZone);
  if (!filled.ok) throw new Error("not filled");
  const created = await createEngagementLetter(
    db,
    {
      submissionId,
      kind: "flat-fee",
      title: template.title,
      clientName: values.clientName,
      clientEmail: letter.clientEmail,
      fieldValues: filled.values,
      letterText: filled.text,
      disclosureText: disclosureText(pages.engagement.disclosure),
      expiresAt: new Date(now.getTime() + 14 * 86_400_000),
      ...(letter.matter ? { matter: letter.matter } : {}),
    },
    { by: "attorney@example.com", now },
  );
  if (created.outcome !== "created") throw new Error("not created");
  if (letter.consentFirst) await consentToEngagement(db, created.token, new Date(now.getTime() + 60_000), PHONE);
  const signed = await signEngagementLetter(
    db,
    created.token,
    { name: values.clientName, consent: !letter.consentFirst, agreed: true, version: 1 },
    new Date(now.getTime() + (letter.consentFirst ? 120_000 : 1)),
    PHONE,
  );
  if (signed.outcome !== "signed") throw new Error(`not signed: ${signed.reason}`);
  return { letter: signed.letter, token: created.token };
}

/**
 * An engagement letter sent from inquiry `submissionId` at `at`, its link open a day, as a test that needs one
 * on record has it (its texts a test's own, not a template's): the letter made, and its link's secret.
 */
export async function sentLetter(
  db: Database,
  submissionId: string,
  at: Date,
  letter: { readonly clientName: string; readonly clientEmail: string; readonly text: string; readonly disclosure: string },
) {
  const created = await createEngagementLetter(
    db,
    {
      submissionId,
      kind: "hourly",
      title: "Engagement letter",
      clientName: letter.clientName,
      clientEmail: letter.clientEmail,
      fieldValues: {},
      letterText: letter.text,
      disclosureText: letter.disclosure,
      expiresAt: new Date(at.getTime() + 86_400_000),
    },
    { by: "attorney@example.com", now: at },
  );
  if (created.outcome !== "created") throw new Error("not created");
  return created;
}

/** No engagement letter on record (nor inquiry, nor register entry: clearSubmissions), and no signed PDF in the bucket. */
export async function clearEngagements() {
  await env.DB.exec("DELETE FROM engagement_letters");
  await clearSubmissions();
  const listed = await env.RECORDS.list();
  for (const object of listed.objects) await env.RECORDS.delete(object.key);
}
