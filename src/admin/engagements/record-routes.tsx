import { type Context, Hono } from "hono";
import { database } from "../../db/client.ts";
import {
  engagementRecord,
  engagementState,
  letterMatter,
  verifyEngagementChain,
  verifyEngagementPdf,
  withdrawEngagementLetter,
} from "../../db/engagements.ts";
import { findInboxSubmission } from "../../db/inbox.ts";
import type { AdminEnv } from "../gate.ts";
import { audit } from "../shared/audit.ts";
import { SUBMISSION, UUID, backToInquiry } from "../shared/inquiry-routes.ts";
import { renderAdminPage, renderNotFound } from "../shared/render.tsx";
import { inquiryOf } from "./Inquiry.tsx";
import { PdfPendingPage, RecordPage, pdfCheckText } from "./RecordPage.tsx";

/**
 * A version of an inquiry's engagement letter, mounted beside its page at /admin/submissions/:id:
 * `GET …/engagements/:letter` is its record, `…/pdf` the signed PDF from R2 and `…/pdf/verify` its check,
 * `POST …/withdraw` closes its link. Each change is in the activity log.
 */
export const engagementRecordRoutes = new Hono<AdminEnv>();

const LETTER = `${SUBMISSION}/engagements/:letter{${UUID}}`;

/** One version of the inquiry's letters, or undefined. */
async function letterOfInquiry(c: Context<AdminEnv>) {
  const db = database(c.env.DB);
  const [submission, record] = await Promise.all([
    findInboxSubmission(db, c.req.param("id") ?? "", new Date()),
    engagementRecord(db, c.req.param("letter") ?? ""),
  ]);
  if (!submission || !record || record.letter.submissionId !== submission.id) return undefined;
  return { db, submission, ...record };
}

/** The record page; with the stored PDF read back when `verifyPdf`. */
async function recordPage(c: Context<AdminEnv>, verifyPdf: boolean) {
  const found = await letterOfInquiry(c);
  if (!found) return renderNotFound(c);
  const { db, submission, letter, events } = found;
  const check = await verifyEngagementChain(db, letter.id);
  if (!check) return renderNotFound(c);
  const pdfCheck = verifyPdf ? pdfCheckText(await verifyEngagementPdf(db, c.env.RECORDS, letter.id), letter.pdfSha256) : undefined;
  return renderAdminPage(
    c,
    `Version ${letter.version}: ${letter.title}`,
    <RecordPage
      inquiry={inquiryOf(submission)}
      letter={letter}
      state={engagementState(letter, new Date())}
      events={events}
      check={check}
      matter={letterMatter(letter)}
      pdfCheck={pdfCheck}
    />,
  );
}

/** "View the record": the version's events in order, its chain verified. */
engagementRecordRoutes.get(LETTER, (c) => recordPage(c, false));

/** "Verify the stored PDF": the record page, with the PDF read back from R2 and compared with its recorded SHA-256. */
engagementRecordRoutes.get(`${LETTER}/pdf/verify`, (c) => recordPage(c, true));

/** "Download the signed PDF": from R2 by its recorded key; a page saying it is on its way until it is stored. */
engagementRecordRoutes.get(`${LETTER}/pdf`, async (c) => {
  const found = await letterOfInquiry(c);
  if (found?.letter.status !== "signed") return renderNotFound(c);
  const { submission, letter } = found;
  const object = letter.pdfKey ? await c.env.RECORDS.get(letter.pdfKey) : null;
  if (!object)
    return renderAdminPage(
      c,
      letter.pdfKey ? "The signed PDF is missing" : "The signed PDF is on its way",
      <PdfPendingPage inquiry={inquiryOf(submission)} letter={letter} />,
      404,
    );
  return c.body(object.body, 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="engagement-letter-v${letter.version}-${submission.id.slice(0, 8)}.pdf"`,
  });
});

/** "Withdraw": the version's link opens nothing to sign after; refused once signed, declined, replaced or withdrawn. */
engagementRecordRoutes.post(`${LETTER}/withdraw`, async (c) => {
  const found = await letterOfInquiry(c);
  if (!found) return renderNotFound(c);
  const { db, submission, letter } = found;
  if (!(await withdrawEngagementLetter(db, letter.id, { by: c.var.adminEmail, now: new Date() })))
    return backToInquiry(c, submission.id, "engagement-not-withdrawn");
  await audit(c, { action: "engagement-withdrawn", submissionId: submission.id, detail: `Version ${letter.version}, ${letter.title}` });
  return backToInquiry(c, submission.id, "engagement-withdrawn");
});
