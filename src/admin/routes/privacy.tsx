import { type Context, Hono } from "hono";
import { database } from "../../db/client.ts";
import { deleteSubmissionsFrom, eraseMessagesFrom, exportSubmissionsFrom, isEmailAddress, submissionsFrom } from "../../db/privacy.ts";
import { audit } from "../audit.ts";
import type { AdminEnv } from "../gate.ts";
import { redirectWithNotice, takeNotice } from "../one-time-notice.ts";
import { ConfirmDeletePage, PrivacyPage, type PrivacyDone } from "../pages/PrivacyPage.tsx";
import { renderAdminPage } from "../render.tsx";
import { formField } from "./forms.ts";

/**
 * /admin/privacy: access and erasure requests for one e-mail address, through the same data functions as
 * `npm run submissions`. Every step is posted, so the address is never in a URL (which logs and the
 * browser's history keep); each is in the activity log with who took it and how many inquiries, never the
 * address.
 */
export const privacyRoutes = new Hono<AdminEnv>();

const TITLE = "Privacy requests";
const PAGE_PATH = "/admin/privacy";
const INVALID_EMAIL = "Enter an e-mail address, such as name@example.com.";
const REASON_MAX = 200;

/** "deleted:3" or "erased:3", as a deletion leaves it for the page (one-time-notice.ts). */
function doneFrom(notice: string | undefined): PrivacyDone | undefined {
  const match = /^(deleted|erased):(\d+)$/.exec(notice ?? "");
  return match ? { kind: match[1] as PrivacyDone["kind"], count: Number(match[2]) } : undefined;
}

const inquiries = (count: number) => `${count} ${count === 1 ? "inquiry" : "inquiries"}`;

/** The address posted, or the page again with what is wrong with it. */
async function postedAddress(c: Context<AdminEnv>): Promise<{ email: string } | { refused: Response }> {
  const email = (await formField(c, "email"))?.trim();
  if (email && isEmailAddress(email)) return { email };
  return { refused: await renderAdminPage(c, TITLE, <PrivacyPage email={email} error={INVALID_EMAIL} />, 422) };
}

privacyRoutes.get("/", (c) => renderAdminPage(c, TITLE, <PrivacyPage done={doneFrom(takeNotice(c, PAGE_PATH))} />));

privacyRoutes.post("/", async (c) => {
  const posted = await postedAddress(c);
  if ("refused" in posted) return posted.refused;
  const rows = await submissionsFrom(database(c.env.DB), posted.email);
  await audit(c, { action: "privacy-lookup", detail: `${inquiries(rows.length)} found` });
  return renderAdminPage(c, TITLE, <PrivacyPage email={posted.email} rows={rows} />);
});

privacyRoutes.post("/export", async (c) => {
  const posted = await postedAddress(c);
  if ("refused" in posted) return posted.refused;
  const now = new Date();
  const document = await exportSubmissionsFrom(database(c.env.DB), posted.email, now);
  await audit(c, { action: "exported", detail: inquiries(document.submissions.length) });
  const fileName = `inquiries-${posted.email.toLowerCase().replace(/[^a-z0-9._-]+/g, "-")}-${now.toISOString().slice(0, 10)}.json`;
  return c.body(JSON.stringify(document, null, 2), 200, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Disposition": `attachment; filename="${fileName}"`,
  });
});

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
  const rows = await submissionsFrom(db, email);
  if (rows.length === 0) return renderAdminPage(c, TITLE, <PrivacyPage email={email} rows={rows} />);
  const confirmed = await formField(c, "confirm");
  const mode = await formField(c, "mode");
  const reason = (await formField(c, "reason"))?.trim().slice(0, REASON_MAX);
  if (confirmed !== String(rows.length) || (mode !== "all" && mode !== "messages")) {
    return renderAdminPage(c, "Confirm deletion", <ConfirmDeletePage email={email} rows={rows} changed={confirmed !== undefined} />);
  }
  if (!reason) return renderAdminPage(c, "Confirm deletion", <ConfirmDeletePage email={email} rows={rows} reasonMissing />, 422);
  if (mode === "messages") {
    const erased = await eraseMessagesFrom(db, email, new Date());
    await audit(c, { action: "erased-message", detail: `${inquiries(erased.length)} (${erased.join(", ")}): ${reason}` });
    return redirectWithNotice(c, PAGE_PATH, `erased:${erased.length}`);
  }
  const deleted = await deleteSubmissionsFrom(db, email);
  await audit(c, { action: "deleted", detail: `${inquiries(deleted.length)} (${deleted.join(", ")}): ${reason}` });
  return redirectWithNotice(c, PAGE_PATH, `deleted:${deleted.length}`);
});
