import type { Context } from "hono";
import { consultations, pages, site } from "../../content/index.ts";
import { database } from "../../db/client.ts";
import {
  type LinkRefusal,
  type RequestSource,
  type SignRefusal,
  consentToEngagement,
  declineEngagement,
  engagementAtLink,
  engagementRecord,
  recordEngagementOpened,
  requestPaperEngagement,
  signEngagementLetter,
} from "../../db/engagements.ts";
import type { EngagementLetter, EngagementStatus } from "../../db/schema.ts";
import { verifyChain } from "../../engagement/chain.ts";
import { longDate } from "../../engagement/letter.ts";
import { engagementPdf } from "../../engagement/pdf.ts";
import { queueEngagementSigned } from "../../queue/enqueue.ts";
import type { ClosedReason, EngagementRefusal, EngagementTyped, EngagementView } from "../../routes/engagement-view.ts";
import { routeTable } from "../../routes/index.ts";
import type { AppEnv } from "../app-env.ts";
import { renderRequestPage } from "../render.tsx";

/*
 * /engage/{secret}: the client's side of an engagement letter. Public (no Access), reached only by the private
 * link the inbox sends; never indexed or cached, and it sends no referrer (src/worker/app.ts). A GET changes
 * nothing (mail scanners open links): consenting (which records the letter opened, then the consent),
 * signing, declining and asking for paper are each one POST, and each answers with a redirect to the link.
 */

type EngageContext = Context<AppEnv>;

/** The link's secret: the path's part after /engage/. */
const tokenOf = (c: EngageContext) => c.req.path.split("/")[2] ?? "";

/** The link's own path, without a query. */
const linkPath = (c: EngageContext) => `/engage/${tokenOf(c)}`;

/** Where the signed letter's PDF is downloaded. */
const pdfPath = (c: EngageContext) => `${linkPath(c)}/signed.pdf`;

/** The page of a link, answered with `status` (409 when a step was refused, 404 for no such link). */
const page = (c: EngageContext, view: EngagementView, status?: 409 | 404) =>
  renderRequestPage(c, routeTable.engagement(linkPath(c), view), status);

/** The page of no such link. */
const unknownLink = (c: EngageContext) => page(c, { state: "closed", reason: "unknown" }, 404);

/** Where the request came from, as the record keeps it. */
const sourceOf = (c: EngageContext): RequestSource => ({
  ip: c.req.header("CF-Connecting-IP") ?? null,
  userAgent: c.req.header("User-Agent") ?? null,
});

/** A stored text's paragraphs (blank lines between them), each with its own line breaks kept. */
const paragraphsOf = (text: string) =>
  text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n+/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "");

/** A database's refusal as the page words it. */
const refusalWords: Readonly<Record<Exclude<SignRefusal, LinkRefusal>, EngagementRefusal>> = {
  stale: "stale",
  "name-empty": "nameEmpty",
  "name-invalid": "nameInvalid",
  "consent-missing": "consentMissing",
  "agreement-missing": "agreementMissing",
};

/**
 * The page of a letter as it stands: the disclosure until the client consents, then the letter; what they
 * answered once they have; the closed page otherwise. `justSigned` shows a letter signed by this visit's POST
 * as signed, not as a link that no longer opens a letter to sign.
 */
function viewOf(
  c: EngageContext,
  letter: EngagementLetter,
  state: EngagementStatus,
  options: { readonly justSigned?: boolean; readonly refusal?: EngagementRefusal; readonly typed?: EngagementTyped } = {},
): EngagementView {
  const { refusal, typed } = options;
  switch (state) {
    case "sent":
    case "opened": {
      const [heading = "", ...paragraphs] = paragraphsOf(letter.disclosureText);
      return { state: "consent", name: letter.clientName, disclosure: { heading, paragraphs }, refusal, typed };
    }
    case "consented":
      return {
        state: "sign",
        name: letter.clientName,
        paragraphs: paragraphsOf(letter.letterText),
        version: letter.version,
        sentOn: longDate(letter.createdAt, consultations.timeZone),
        letterSha256: letter.letterSha256,
        refusal,
        typed,
      };
    case "signed":
      return options.justSigned ? { state: "signed", pdfPath: pdfPath(c) } : { state: "closed", reason: "signed", pdfPath: pdfPath(c) };
    case "declined":
      return { state: "declined" };
    case "paper-requested":
      return { state: "paperRequested" };
    default:
      return { state: "closed", reason: state satisfies ClosedReason };
  }
}

/**
 * Answers a request under /engage/ (src/worker/app.ts has limited it and set its headers): the link's page, a
 * POST that takes a step, or the signed letter's PDF; anything else is the page of no such link.
 */
export function answerEngagementLink(c: EngageContext): Promise<Response> {
  const [, , token, rest, ...more] = c.req.path.split("/");
  // A HEAD (some mail scanners check a link so) is answered as a GET, and reads only as a GET does.
  const reads = c.req.method === "GET" || c.req.method === "HEAD";
  if (token && more.length === 0) {
    if (rest === undefined && reads) return showLink(c);
    if (rest === undefined && c.req.method === "POST") return actOnLink(c);
    if (rest === "signed.pdf" && reads) return downloadSigned(c);
  }
  return unknownLink(c);
}

async function showLink(c: EngageContext) {
  const found = await engagementAtLink(database(c.env.DB), tokenOf(c), new Date());
  if (!found) return unknownLink(c);
  return page(c, viewOf(c, found.letter, found.state, { justSigned: c.req.query("done") === "signed" }));
}

/** A form's field as text ("" when absent or a file). */
const textField = (fields: Record<string, string | File>, name: string) => {
  const value = fields[name];
  return typeof value === "string" ? value : "";
};

async function actOnLink(c: EngageContext) {
  const db = database(c.env.DB);
  const token = tokenOf(c);
  const now = new Date();
  const found = await engagementAtLink(db, token, now);
  if (!found) return unknownLink(c);
  const fields = await c.req.parseBody();
  const action = textField(fields, "action");
  const source = sourceOf(c);
  const again = (query = "") => c.redirect(`${linkPath(c)}${query}`, 303);
  const typed: EngagementTyped = { name: textField(fields, "name"), consent: fields.consent === "yes", agreed: fields.agree === "yes" };
  const refuse = (refusal: EngagementRefusal) => page(c, viewOf(c, found.letter, found.state, { refusal, typed }), 409);

  if (action === "consent") {
    if (!typed.consent) {
      // Refused only while the consent is still asked for; otherwise the page as it stands.
      return found.state === "sent" || found.state === "opened" ? refuse("consentMissing") : again();
    }
    if (found.state !== "sent" && found.state !== "opened") return again();
    // Opening the letter is recorded here, not by the GET that showed the notice: a mail scanner never posts.
    const opened = await recordEngagementOpened(db, token, now, source);
    if (opened.outcome === "recorded") await consentToEngagement(db, token, now, source);
    return again();
  }
  if (action === "decline") {
    await declineEngagement(db, token, now, source);
    return again();
  }
  if (action === "paper") {
    await requestPaperEngagement(db, token, now, source);
    return again();
  }
  if (action === "sign") {
    const version = Number(textField(fields, "version"));
    const letterSha256 = textField(fields, "letterSha256");
    const signing = await signEngagementLetter(
      db,
      token,
      {
        name: typed.name,
        consent: typed.consent,
        agreed: typed.agreed,
        version: Number.isSafeInteger(version) ? version : -1,
        letterSha256: letterSha256 === "" ? undefined : letterSha256,
      },
      now,
      source,
    );
    if (signing.outcome === "signed") {
      // The signed copy sealed and e-mailed by the queue's consumer; a message the queue refused is queued
      // again by its sweep.
      await queueEngagementSigned(c.env, signing.letter.id);
      return again("?done=signed");
    }
    // Signed a moment ago by another request from this page (a double click): the signed page all the same.
    if (signing.reason === "signed") return again(found.state === "signed" ? "" : "?done=signed");
    if (signing.reason in refusalWords) {
      // The page as it stands now (the letter again after a stale version), with the reason.
      const current = await engagementAtLink(db, token, new Date());
      if (!current) return unknownLink(c);
      // Before the consent the page shows the notice, not the letter: what it asks for first is the consent.
      const consentAsked = current.state === "sent" || current.state === "opened";
      const reason = consentAsked ? "consentMissing" : refusalWords[signing.reason as keyof typeof refusalWords];
      // After a stale version the letter is new to the reader: the name is kept, the agreement asked again.
      const view = viewOf(c, current.letter, current.state, {
        refusal: reason,
        typed: reason === "stale" ? { ...typed, agreed: false } : typed,
      });
      return view.state === "consent" || view.state === "sign" ? page(c, view, 409) : page(c, view);
    }
    // The link no longer opens a letter to sign (expired, voided, withdrawn, answered): the page as it stands.
    return again();
  }
  return again();
}

/**
 * The signed letter's PDF: the copy sealed in RECORDS when there is one; until the queue's consumer seals it,
 * made here from the verified record with the same words, so the same bytes, and stored nowhere. A record that
 * does not verify answers a page saying so (409), and no copy is made of it.
 */
async function downloadSigned(c: EngageContext) {
  const db = database(c.env.DB);
  const found = await engagementAtLink(db, tokenOf(c), new Date());
  if (found?.state !== "signed") return unknownLink(c);
  const { letter } = found;
  const headers = {
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="engagement-letter-v${letter.version}-signed.pdf"`,
  };
  const stored = letter.pdfKey ? await c.env.RECORDS.get(letter.pdfKey) : null;
  if (stored) return c.body(stored.body, 200, headers);
  const record = await engagementRecord(db, letter.id);
  const { signedAt, signedName } = letter;
  if (!record || !signedAt || !signedName) return unknownLink(c);
  const check = await verifyChain(letter, record.events);
  if (!check.ok) {
    // Logged by the letter's id, never the link: the client is told no copy can be made here, and to write.
    console.error(`Engagement letter ${letter.id}: its record does not verify (${JSON.stringify(check.broken)}); no PDF is made of it`);
    return page(c, { state: "closed", reason: "unverified" }, 409);
  }
  const pdf = await engagementPdf({
    letter: { ...letter, signedAt, signedName },
    events: record.events,
    lastHash: check.lastHash,
    practiceName: site.practiceName,
    timeZone: consultations.timeZone,
    agreement: pages.engagement.agreeLabel,
  });
  return c.body(new Uint8Array(pdf), 200, headers);
}
