import { type Context, Hono } from "hono";
import { database } from "../../db/client.ts";
import {
  type AddressCursor,
  countFrom,
  deleteSubmissionsFrom,
  eraseMessagesFrom,
  exportPagesFrom,
  isEmailAddress,
  submissionsFrom,
} from "../../db/privacy.ts";
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
 * address. However many inquiries an address sent, the look-up shows a page of them at a time and the
 * export streams them.
 */
export const privacyRoutes = new Hono<AdminEnv>();

const TITLE = "Privacy requests";
const PAGE_PATH = "/admin/privacy";
const INVALID_EMAIL = "Enter an e-mail address, such as name@example.com.";
const REASON_MAX = 200;
const CURSOR = /^(\d{1,15})_([0-9a-f-]{36})$/;

/** "deleted:3:1" (inquiries, conflict searches redacted) or "erased:3", as a deletion leaves it for the page. */
function doneFrom(notice: string | undefined): PrivacyDone | undefined {
  const match = /^(deleted|erased):(\d+)(?::(\d+))?$/.exec(notice ?? "");
  return match ? { kind: match[1] as PrivacyDone["kind"], count: Number(match[2]), searchesRedacted: Number(match[3] ?? 0) } : undefined;
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
  if (!after) await audit(c, { action: "privacy-lookup", detail: `${inquiries(total)} found` });
  return renderAdminPage(c, TITLE, <PrivacyPage email={posted.email} rows={rows} total={total} paged={after !== undefined} />);
});

/** Everything stored about the address as one JSON document, streamed a page of inquiries at a time. */
privacyRoutes.post("/export", async (c) => {
  const posted = await postedAddress(c);
  if ("refused" in posted) return posted.refused;
  const db = database(c.env.DB);
  const now = new Date();
  await audit(c, { action: "exported", detail: inquiries(await countFrom(db, posted.email)) });
  const fileName = `inquiries-${posted.email.toLowerCase().replace(/[^a-z0-9._-]+/g, "-")}-${now.toISOString().slice(0, 10)}.json`;
  const pages = exportPagesFrom(db, posted.email);
  const utf8 = new TextEncoder();
  let first = true;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const head = JSON.stringify({ email: posted.email, exportedAt: now.toISOString() }, null, 2);
      controller.enqueue(utf8.encode(`${head.slice(0, -2)},\n  "submissions": [`));
    },
    async pull(controller) {
      const next = await pages.next();
      if (next.done) {
        controller.enqueue(utf8.encode(first ? "]\n}\n" : "\n  ]\n}\n"));
        return controller.close();
      }
      const items = next.value.map((row) => `\n    ${JSON.stringify(row, null, 2).replace(/\n/g, "\n    ")}`);
      controller.enqueue(utf8.encode(`${first ? "" : ","}${items.join(",")}`));
      first = false;
    },
  });
  return c.body(body, 200, {
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
  const total = await countFrom(db, email);
  if (total === 0) return renderAdminPage(c, TITLE, <PrivacyPage email={email} rows={[]} total={0} />);
  const confirmed = await formField(c, "confirm");
  const mode = await formField(c, "mode");
  const reason = (await formField(c, "reason"))?.trim().slice(0, REASON_MAX);
  const confirm = async (changes: { changed?: boolean; reasonMissing?: boolean }, status: 200 | 422 = 200) =>
    renderAdminPage(
      c,
      "Confirm deletion",
      <ConfirmDeletePage email={email} rows={await submissionsFrom(db, email)} total={total} {...changes} />,
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
  await audit(c, { action: "deleted", detail: `${taken(deleted.ids)}${redacted}: ${reason}` });
  return redirectWithNotice(c, PAGE_PATH, `deleted:${deleted.ids.length}:${deleted.searchesRedacted}`);
});
