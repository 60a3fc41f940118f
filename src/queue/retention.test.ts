import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { site } from "../content/index.ts";
import { activityPage, recordActivity } from "../db/activity.ts";
import { database } from "../db/client.ts";
import { conflictQuery } from "../db/conflict-names.ts";
import { searchConflicts } from "../db/conflicts.ts";
import { applyRetention, retentionCutoff } from "./retention.ts";
import { fetchPath } from "../test/html.ts";
import { visibleText } from "../test/visible-text.ts";
import { allSubmissions, storeSubmission } from "../test/submissions.ts";
import { clearSubmissions } from "../test/submissions.ts";
import { monthsInWords } from "../content/durations.ts";

describe("the retention cut-off", () => {
  it.each([
    ["2026-03-31T09:30:00Z", 1, "2026-02-28T09:30:00Z"],
    ["2024-03-31T09:30:00Z", 1, "2024-02-29T09:30:00Z"],
    ["2026-05-31T00:00:00Z", 1, "2026-04-30T00:00:00Z"],
    ["2026-01-31T23:59:59Z", 2, "2025-11-30T23:59:59Z"],
    ["2026-02-28T12:00:00Z", 24, "2024-02-28T12:00:00Z"],
    ["2028-02-29T12:00:00Z", 24, "2026-02-28T12:00:00Z"],
    ["2026-11-22T18:00:00Z", 24, "2024-11-22T18:00:00Z"],
  ])("from %s, %i month(s) back, is %s: the same day, or the shorter month's last", (now, months, expected) => {
    expect(retentionCutoff(new Date(now), months).toISOString()).toBe(new Date(expected).toISOString());
  });
});

beforeEach(async () => {
  await clearSubmissions();
  vi.restoreAllMocks();
});

describe("retention", () => {
  const now = new Date("2026-11-22T18:00:00Z");
  const { messageMonths, conflictRecordMonths, activityLogMonths } = site.retention;
  const olderThan = (months: number) => new Date(retentionCutoff(now, months).getTime() - 60_000);
  const newerThan = (months: number) => new Date(retentionCutoff(now, months).getTime() + 60_000);

  it("erases a message after its period and keeps the inquiry's conflict record, which conflict checks still find", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const old = await storeSubmission(olderThan(messageMonths), {
      name: "Zoë Ōtani",
      organization: "Studio North",
      parties: "Acme Gallery",
    });
    const recent = await storeSubmission(newerThan(messageMonths));
    await env.DB.prepare("UPDATE contact_submissions SET decline_letter = 'Dear Zoë, about your lease…' WHERE id = ?").bind(old).run();
    expect(await applyRetention(env, now)).toEqual({ erased: 1, deleted: 0, activity: 0 });
    const rows = await allSubmissions();
    expect(rows.find((row) => row.id === old)).toMatchObject({
      message: "",
      declineLetter: null,
      messageErasedAt: now,
      name: "Zoë Ōtani",
      email: "ada@example.com",
      organization: "Studio North",
      parties: "Acme Gallery",
      intakeState: "new",
    });
    expect(rows.find((row) => row.id === recent)).toMatchObject({ message: "Hello.", messageErasedAt: null });
    const found = await searchConflicts(database(env.DB), conflictQuery("zoe otani")!);
    expect(found).toEqual([expect.objectContaining({ id: old, messageErased: true, parts: ["name"] })]);
    // A second run erases nothing more.
    expect(await applyRetention(env, now)).toEqual({ erased: 0, deleted: 0, activity: 0 });
  });

  it("deletes an inquiry whole after the conflict record's period, and activity entries after theirs", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    await env.DB.exec("DELETE FROM admin_activity");
    const gone = await storeSubmission(olderThan(conflictRecordMonths));
    const kept = await storeSubmission(newerThan(conflictRecordMonths));
    const db = database(env.DB);
    await recordActivity(db, { actor: "attorney@example.com", action: "viewed", submissionId: gone }, olderThan(activityLogMonths));
    await recordActivity(db, { actor: "attorney@example.com", action: "viewed", submissionId: kept }, newerThan(activityLogMonths));
    // Both messages are older than theirs: erased first, then the older inquiry deleted whole.
    expect(await applyRetention(env, now)).toEqual({ erased: 2, deleted: 1, activity: 1 });
    expect((await allSubmissions()).map((row) => row.id)).toEqual([kept]);
    expect((await activityPage(db)).entries.map((entry) => entry.submissionId)).toEqual([kept]);
  });

  it("is what the privacy policy tells visitors: every period, as content/site.yaml gives it", async () => {
    const text = visibleText(await (await fetchPath("/privacy-policy")).text());
    expect(text).toContain(`We keep each message sent through the contact form for ${monthsInWords(messageMonths)} after we receive it`);
    expect(text).toContain(`we keep a short record of each inquiry for ${monthsInWords(conflictRecordMonths)} after we receive it`);
    expect(text).toContain(`is kept for ${monthsInWords(activityLogMonths)}`);
    expect(text).toMatch(/also reaches our e-mail inbox[^.]*\. We keep that e-mail/);
  });
});
