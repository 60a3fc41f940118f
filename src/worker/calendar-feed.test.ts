import { env } from "cloudflare:workers";
import ICAL from "ical.js";
import { beforeEach, describe, expect, it } from "vitest";
import { bookWithOffer, createOffer } from "../db/bookings.ts";
import { database } from "../db/client.ts";
import { makeFeedKey, stopFeedKey } from "../db/consultations-inbox.ts";
import { fetchPath } from "../test/html.ts";
import { clearSubmissions, storeSubmission } from "../test/submissions.ts";

const db = database(env.DB);
const actor = { by: "attorney@example.com", now: new Date() };

beforeEach(clearSubmissions);

describe("the attorney's calendar feed", () => {
  it("lists each consultation at its secret address, with kind and name, never what the person wrote", async () => {
    const submissionId = await storeSubmission(new Date(), { name: "Mina Park", message: "A private matter about my landlord." });
    const { offer } = await createOffer(
      db,
      { submissionId, kinds: ["video"], kindNames: "Video call", expiresAt: new Date(Date.now() + 86_400_000) },
      actor,
    );
    const start = Math.floor(Date.now() / 60_000) * 60_000 + 3 * 86_400_000;
    const meeting = { start, end: start + 1_800_000 };
    await bookWithOffer(
      db,
      offer,
      { kind: "video", meeting, held: meeting, day: { start: start - 1, end: start + 1 }, perDay: 9 },
      { clientZone: "UTC", detail: "" },
      new Date(),
    );
    const secret = await makeFeedKey(db, actor);
    const response = await fetchPath(`/calendar/${secret}.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/calendar/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    expect(text).not.toContain("landlord");
    const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vevent");
    expect(events).toHaveLength(1);
    expect(String(events[0]!.getFirstPropertyValue("summary"))).toContain("Mina Park");
    expect(new ICAL.Event(events[0]!).startDate.toJSDate().getTime()).toBe(start);
  });

  it("is the site's 404 at an unknown or stopped address", async () => {
    const secret = await makeFeedKey(db, actor);
    await stopFeedKey(db, actor);
    for (const path of [`/calendar/${secret}.ics`, `/calendar/${"A".repeat(43)}.ics`, "/calendar/x"]) {
      const response = await fetchPath(path);
      expect(response.status).toBe(404);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
  });
});
