import { type Context, Hono } from "hono";
import { site } from "../../content/index.ts";
import { database } from "../../db/client.ts";
import { type ExportedConsultation, consultationsFrom } from "../../db/consultations-inbox.ts";
import {
  type AddressCursor,
  countFrom,
  deleteSubmissionsFrom,
  engagementLettersTo,
  eraseMessagesFrom,
  exportPagesFrom,
  isEmailAddress,
  personalPagesFrom,
  registerClientsWith,
  submissionsFrom,
  withheldFrom,
} from "../../db/privacy.ts";
import { audit } from "../shared/audit.ts";
import { kindName } from "../consultations/standing.ts";
import type { AdminEnv } from "../gate.ts";
import { redirectWithNotice, takeNotice } from "../shared/one-time-notice.ts";
import { privacyDocumentChunks } from "./PrivacyDocument.tsx";
import { ConfirmDeletePage } from "./ConfirmDeletePage.tsx";
import { PrivacyPage, type PrivacyDone } from "./PrivacyPage.tsx";
import { exportFileName, jsonPieces, utf8Stream } from "./export.ts";
import { renderAdminPage } from "../shared/render.tsx";
import { formField } from "../shared/forms.ts";

/**
 * /admin/privacy: access and erasure requests for one e-mail address, through the same data functions as
 * `npm run submissions`. Every step is posted, so the address is never in a URL (which logs and the
 * browser's history keep); each is in the activity log with who took it and how many inquiries, never the
 * address. However many inquiries an address sent, the look-up shows a page of them at a time and the
 * exports stream them.
 */
export const privacyRoutes = new Hono<AdminEnv>();

const TITLE = "Privacy requests";
const PAGE_PATH = "/admin/privacy";
const INVALID_EMAIL = "Enter an e-mail address, such as name@example.com.";
const REASON_MAX = 200;
const CURSOR = /^(\d{1,15})_([0-9a-f-]{36})$/;

/**
 * "deleted:3:1:2:1" (inquiries, conflict searches redacted, engagement letters kept, register clients kept) or
 * "erased:3", as a deletion leaves it for the page.
 */
function doneFrom(notice: string | undefined): PrivacyDone | undefined {
  const match = /^(deleted|erased):(\d+)(?::(\d+):(\d+):(\d+))?$/.exec(notice ?? "");
  return match
    ? {
        kind: match[1] as PrivacyDone["kind"],
        count: Number(match[2]),
        searchesRedacted: Number(match[3] ?? 0),
        engagementsKept: Number(match[4] ?? 0),
        registerKept: Number(match[5] ?? 0),
      }
    : undefined;
}

const inquiries = (count: number) => `${count} ${count === 1 ? "inquiry" : "inquiries"}`;

/** The inquiries an action took, for the activity log: how many, and which when they are few. */
const taken = (ids: readonly string[]) => `${inquiries(ids.length)}${ids.length <= 5 ? ` (${ids.join(", ")})` : ""}`;

/** The address posted, or the page again with what is wrong with it. */
async function postedAddress(c: Context<AdminEnv>): Promise<{ email: string } | { refused: Response }> {
  const email = (await formField(c, "email"))?.trim();
  if (email && isEmailAddress(email)) return { email };
  return { refused: await renderAdminPage(c, TITLE, <PrivacyPage email={email} error={INVALID_EMAIL} />, 422) };
}

privacyRoutes.get("/", (c) => renderAdminPage(c, TITLE, <PrivacyPage done={doneFrom(takeNotice(c, PAGE_PATH))} />));

/** The look-up: how many inquiries the address sent, and a page of them (`after` one already shown). */
privacyRoutes.post("/", async (c) => {
  const posted = await postedAddress(c);
  if ("refused" in posted) return posted.refused;
  const db = database(c.env.DB);
  const cursor = CURSOR.exec((await formField(c, "after")) ?? "");
  const after: AddressCursor | undefined = cursor ? { createdAt: Number(cursor[1]), id: cursor[2]! } : undefined;
  const total = await countFrom(db, posted.email);
  const rows = await submissionsFrom(db, posted.email, after);
  const withheld = total > 0 ? await withheldFrom(db, posted.email) : undefined;
  if (!after) await audit(c, { action: "privacy-lookup", detail: `${inquiries(total)} found` });
  return renderAdminPage(
    c,
    TITLE,
    <PrivacyPage email={posted.email} rows={rows} total={total} paged={after !== undefined} withheld={withheld} />,
  );
});

/** The person's copy, as JSON (the default) or as a document to print, and the practice's full record. */
type ExportKind = "person" | "document" | "full";

const exportAudit: Record<ExportKind, string> = {
  person: "the person's copy (JSON)",
  document: "the person's copy (a page to print)",
  full: "the full record, with notes, for the practice's files",
};

/** The consultations offered to the person, with each kind by the name the practice gives it: for their copy. */
const named = (consultations: readonly ExportedConsultation[]): ExportedConsultation[] =>
  consultations.map((each) => ({
    ...each,
    kinds: each.kinds.map(kindName),
    booking: each.booking && { ...each.booking, kind: kindName(each.booking.kind) },
  }));

/**
 * Logs the export (how many inquiries and which kind, never the address), then answers with it: the inquiries
 * a page at a time, the consultations offered from them (their times, kinds and states; never a link) and the
 * engagement letters sent to the address (their words and the record of their signing).
 */
async function exportFor(c: Context<AdminEnv>, kind: ExportKind): Promise<Response> {
  const posted = await postedAddress(c);
  if ("refused" in posted) return posted.refused;
  const { email } = posted;
  const db = database(c.env.DB);
  const now = new Date();
  const total = await countFrom(db, email);
  await audit(c, { action: "exported", detail: `${inquiries(total)}: ${exportAudit[kind]}` });
  const [consultations, engagementLetters] = await Promise.all([consultationsFrom(db, email), engagementLettersTo(db, email)]);
  if (kind === "full") {
    const head = { email, exportedAt: now.toISOString(), consultations, engagementLetters };
    return c.body(utf8Stream(jsonPieces(head, "submissions", exportPagesFrom(db, email))), 200, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName("full-record", email, now, "json")}"`,
    });
  }
  const withheld = await withheldFrom(db, email);
  if (kind === "document")
    return c.body(
      utf8Stream(
        privacyDocumentChunks(
          { email, preparedAt: now, total, withheld, consultations: named(consultations), engagementLetters },
          personalPagesFrom(db, email),
        ),
      ),
      200,
      {
        "Content-Type": "text/html; charset=utf-8",
      },
    );
  const head = {
    practice: site.practiceName,
    email,
    exportedAt: now.toISOString(),
    withheld,
    consultations: named(consultations),
    engagementLetters,
  };
  return c.body(utf8Stream(jsonPieces(head, "submissions", personalPagesFrom(db, email))), 200, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Disposition": `attachment; filename="${exportFileName("inquiries", email, now, "json")}"`,
  });
}

/**
 * The person's copy, to send them: what they sent and how it was delivered, without the practice's notes,
 * checks, decisions or reminders, saying how many of each it leaves out. Posted, as every step here.
 */
privacyRoutes.post("/export", (c) => exportFor(c, "person"));
privacyRoutes.post("/export/document", (c) => exportFor(c, "document"));

/** Everything stored about the address, notes and conflict notes included: for the practice's own files only. */
privacyRoutes.post("/export/full", (c) => exportFor(c, "full"));

/**
 * Without `confirm`, shows what would be deleted. With `confirm` (the number of inquiries the person saw), a
 * reason and a `mode`, deletes everything or erases the messages alone (keeping the conflict record), unless
 * that number has changed meanwhile: then it asks again.
 */
privacyRoutes.post("/delete", async (c) => {
  const posted = await postedAddress(c);
  if ("refused" in posted) return posted.refused;
  const { email } = posted;
  const db = database(c.env.DB);
  const total = await countFrom(db, email);
  if (total === 0) return renderAdminPage(c, TITLE, <PrivacyPage email={email} rows={[]} total={0} />);
  const confirmed = await formField(c, "confirm");
  const mode = await formField(c, "mode");
  const reason = (await formField(c, "reason"))?.trim().slice(0, REASON_MAX);
  const confirm = async (changes: { changed?: boolean; reasonMissing?: boolean }, status: 200 | 422 = 200) =>
    renderAdminPage(
      c,
      "Confirm deletion",
      <ConfirmDeletePage
        email={email}
        rows={await submissionsFrom(db, email)}
        total={total}
        engagementLetters={(await engagementLettersTo(db, email)).length}
        {...changes}
      />,
      status,
    );
  if (confirmed !== String(total) || (mode !== "all" && mode !== "messages")) return confirm({ changed: confirmed !== undefined });
  if (!reason) return confirm({ reasonMissing: true }, 422);
  if (mode === "messages") {
    const erased = await eraseMessagesFrom(db, email, new Date());
    await audit(c, { action: "erased-message", detail: `${taken(erased)}: ${reason}` });
    return redirectWithNotice(c, PAGE_PATH, `erased:${erased.length}`);
  }
  const deleted = await deleteSubmissionsFrom(db, email);
  const redacted = deleted.searchesRedacted > 0 ? `; the name removed from ${deleted.searchesRedacted} conflict search(es)` : "";
  const kept = deleted.engagementsKept > 0 ? `; ${deleted.engagementsKept} engagement letter(s) kept with their records` : "";
  await audit(c, { action: "deleted", detail: `${taken(deleted.ids)}${redacted}${kept}: ${reason}` });
  const registerKept = await registerClientsWith(db, email);
  return redirectWithNotice(
    c,
    PAGE_PATH,
    `deleted:${deleted.ids.length}:${deleted.searchesRedacted}:${deleted.engagementsKept}:${registerKept}`,
  );
});
