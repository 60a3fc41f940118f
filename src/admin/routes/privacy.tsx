import { Hono } from "hono";
import { database } from "../../db/client.ts";
import { deleteSubmissionsFrom, exportSubmissionsFrom, isEmailAddress, submissionsFrom } from "../../db/privacy.ts";
import { audit } from "../audit.ts";
import type { AdminEnv } from "../gate.ts";
import { redirectWithNotice, takeNotice } from "../one-time-notice.ts";
import { ConfirmDeletePage, PrivacyPage, privacyHref } from "../pages/PrivacyPage.tsx";
import { renderAdminPage } from "../render.tsx";
import { formField } from "./forms.ts";

/**
 * /admin/privacy: access and erasure requests for one e-mail address, through the same data functions as
 * `npm run submissions`. Looking up is a GET; exporting and deleting are POSTs (deleting after a
 * confirmation page), and are logged with who did them and how many rows, never the address or contents.
 */
export const privacyRoutes = new Hono<AdminEnv>();

const TITLE = "Privacy requests";
const PAGE_PATH = "/admin/privacy";
const INVALID_EMAIL = "Enter an e-mail address, such as name@example.com.";

privacyRoutes.get("/", async (c) => {
  const deleted = takeNotice(c, PAGE_PATH);
  const email = c.req.query("email")?.trim();
  if (email === undefined || email === "") {
    return renderAdminPage(c, TITLE, <PrivacyPage deleted={deleted && /^\d+$/.test(deleted) ? Number(deleted) : undefined} />);
  }
  if (!isEmailAddress(email)) return renderAdminPage(c, TITLE, <PrivacyPage email={email} error={INVALID_EMAIL} />, 422);
  const rows = await submissionsFrom(database(c.env.DB), email);
  return renderAdminPage(c, TITLE, <PrivacyPage email={email} rows={rows} />);
});

privacyRoutes.post("/export", async (c) => {
  const email = (await formField(c, "email"))?.trim();
  if (!email || !isEmailAddress(email)) return renderAdminPage(c, TITLE, <PrivacyPage email={email} error={INVALID_EMAIL} />, 422);
  const now = new Date();
  const document = await exportSubmissionsFrom(database(c.env.DB), email, now);
  audit(c, `exported ${document.submissions.length} submission(s) of one address`);
  const fileName = `inquiries-${email.toLowerCase().replace(/[^a-z0-9._-]+/g, "-")}-${now.toISOString().slice(0, 10)}.json`;
  return c.body(JSON.stringify(document, null, 2), 200, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Disposition": `attachment; filename="${fileName}"`,
  });
});

/**
 * Without `confirm`, shows what would be deleted. With `confirm` (the number of inquiries the person saw),
 * deletes them, unless that number has changed meanwhile: then it asks again.
 */
privacyRoutes.post("/delete", async (c) => {
  const email = (await formField(c, "email"))?.trim();
  if (!email || !isEmailAddress(email)) return renderAdminPage(c, TITLE, <PrivacyPage email={email} error={INVALID_EMAIL} />, 422);
  const db = database(c.env.DB);
  const rows = await submissionsFrom(db, email);
  if (rows.length === 0) return c.redirect(privacyHref(email), 303);
  const confirmed = await formField(c, "confirm");
  if (confirmed !== String(rows.length)) {
    return renderAdminPage(c, "Confirm deletion", <ConfirmDeletePage email={email} rows={rows} changed={confirmed !== undefined} />);
  }
  const deleted = await deleteSubmissionsFrom(db, email);
  audit(c, `deleted ${deleted.length} submission(s) of one address: ${deleted.join(", ")}`);
  return redirectWithNotice(c, PAGE_PATH, String(deleted.length));
});
