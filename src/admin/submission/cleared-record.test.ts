import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import PostalMime from "postal-mime";
import { describe, expect, it } from "vitest";
import { database } from "../../db/client.ts";
import { latestCheck } from "../../db/conflict-check.ts";
import { digestContents } from "../../db/digest.ts";
import { addClient, addMatter } from "../../db/register.ts";
import { contactSubmissions } from "../../db/schema.ts";
import { buildDigestEmail } from "../../queue/digest.ts";
import { buildNotificationEmail } from "../../queue/email.ts";
import { decodeEntities } from "../../test/html.ts";
import { inboxSuite } from "../../test/inbox.ts";
import { storeSubmission } from "../../test/submissions.ts";
import { intakeCopy } from "../shared/copy.ts";

/*
 * A check that found another inquiry, cleared with the attorney's reason: the record a grievance or a
 * disqualification motion would rest on. Nowhere the inquiry appears (its page, the check's page, the list,
 * the CSV, the privacy export, the activity log, the digest, the notification) may say the check found
 * nothing; every place that shows the outcome shows the reason.
 */

const db = database(env.DB);
const inbox = inboxSuite();

/** Every way of saying a check found nothing, as the inbox has said it or might. */
const NOTHING_FOUND = [/no match/i, /nothing (?:was )?found/i, /found nothing/i, /nothing in the way/i, /no other inquiry matches/i];

const REASON = "a different person of the same name";

const mailText = async (raw: string) => {
  const mail = await PostalMime.parse(raw);
  return `${mail.subject}\n${mail.text}\n${mail.html}`;
};

/** Where the match is: an earlier inquiry from Zoë, or the conflict register naming her on a client's matter. */
const matchIn = {
  "an earlier inquiry": async () => {
    await storeSubmission(new Date(Date.now() - 30 * 24 * 60 * 60_000), { name: "Zoë Ōtani", email: "zoe@studio.example" });
  },
  "the conflict register": async () => {
    const actor = { by: "attorney@example.com", now: new Date() };
    const client = await addClient(db, { name: "Northwind Gallery" }, actor);
    await addMatter(db, client, { title: "Mural commission", status: "current", parties: [{ name: "Zoë Ōtani", role: "adverse" }] }, actor);
  },
};

describe("a check with a match, cleared with a reason", () => {
  it.each(Object.entries(matchIn))(
    "in %s, is nowhere recorded as finding nothing, and shows the reason wherever its outcome is shown",
    async (_, match) => {
      const received = new Date(Date.now() - 60 * 60_000);
      await match();
      const id = await storeSubmission(received, { name: "Ada Lovelace", email: "ada@example.com", parties: "Zoe Otani" });
      await inbox.post(`/admin/submissions/${id}/check`, { token: crypto.randomUUID() });
      const cleared = await inbox.post(`/admin/submissions/${id}/intake`, { state: "cleared", from: "new", reason: REASON });
      expect(await inbox.shownAfter(cleared)).toContain("The intake state was recorded.");
      const [row] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
      expect(row).toMatchObject({ intakeState: "cleared", clearedReason: REASON });

      const inquiryPage = await inbox.page(`/admin/submissions/${id}`);
      const checkLink = /href="(\/admin\/submissions\/[^"]+\/checks\/\d+)"/.exec(inquiryPage)?.[1];
      expect(checkLink).toBeDefined();
      const route = { from: "website@practice.example", to: "inbox@practice.example" };
      const period = { since: new Date(received.getTime() - 1), until: new Date() };
      const digest = await mailText(
        buildDigestEmail(await digestContents(db, period, { erase: new Date(0), delete: new Date(0) }), "https://practice.example", route),
      );
      // What the inbox itself records of the outcome: the record in full.
      const records = {
        "the inquiry's page": inquiryPage,
        "the check's page": await inbox.page(checkLink!),
        "the CSV export": await (await inbox.post("/admin/export.csv", {})).text(),
        "the activity log": await inbox.page("/admin/activity"),
      };
      const elsewhere = {
        "the privacy export": await (await inbox.post("/admin/privacy/export", { email: "ada@example.com" })).text(),
        digest,
        "the notification": await mailText(buildNotificationEmail(row!, route, await latestCheck(db, id))),
      };
      for (const [place, text] of Object.entries(elsewhere)) expect(text, `${place} holds the inquiry`).toContain("Ada Lovelace");

      // The list names states (its counts, each row's badge), not what a check found.
      const everywhere = { ...records, ...elsewhere, "the list": await inbox.page("/admin") };
      for (const [place, text] of Object.entries(everywhere))
        for (const wording of NOTHING_FOUND) expect(decodeEntities(text), `${place}: ${wording}`).not.toMatch(wording);
      for (const [place, text] of Object.entries(records)) expect(decodeEntities(text), place).toContain(`1 match reviewed: ${REASON}`);
      // A place that shows the outcome at all shows the reason with it.
      for (const [place, text] of Object.entries(elsewhere))
        if (text.includes(intakeCopy.cleared.label) || text.includes('"cleared"')) expect(text, place).toContain(REASON);
    },
  );
});
