import { env } from "cloudflare:workers";
import ICAL from "ical.js";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { consultations, pages } from "../../content/index.ts";
import { createOffer } from "../../db/bookings.ts";
import { database } from "../../db/client.ts";
import { decodeEntities, fetchPath } from "../../test/html.ts";
import { recordIntake } from "../../test/intake.ts";
import { clearSubmissions, storeSubmission } from "../../test/submissions.ts";

const db = database(env.DB);
const copy = pages.booking;
const kinds = consultations.kinds.map((kind) => kind.id);

/** A new inquiry offered every kind; the link's path. */
async function offered(expiresInDays = 14): Promise<string> {
  const submissionId = await storeSubmission(new Date(), { name: "Mina Park", email: "mina@example.com" });
  const { token } = await createOffer(
    db,
    { submissionId, kinds, kindNames: "every kind", expiresAt: new Date(Date.now() + expiresInDays * 86_400_000) },
    { by: "attorney@example.com", now: new Date() },
  );
  return `/book/${token}`;
}

/** The free times a page offers, as the values of its radio buttons. */
const offeredStarts = (html: string) =>
  Array.from(html.matchAll(/<input[^>]*type="radio"[^>]*>/g), (match) => /value="(\d+)"/.exec(match[0])?.[1]).filter(
    (start) => start !== undefined,
  );

/** A page's text, tags stripped, entities decoded. */
const textOf = (html: string) => decodeEntities(html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " "));

/**
 * Posts the link's form as a browser does from the page, without following the redirect: the page sends no
 * referrer, so its posts say `Origin: null`, and the browser says the request is the site's own.
 */
const post = (path: string, fields: Record<string, string>) =>
  fetchPath(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "null", "sec-fetch-site": "same-origin" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });

/** The first page of free times with at least `count` of them, a week at a time. */
async function pageWithTimes(path: string, count = 2): Promise<{ html: string; starts: string[] }> {
  let query = "";
  for (let week = 0; week < 8; week++) {
    const html = await (await fetchPath(`${path}${query}`)).text();
    const starts = offeredStarts(html);
    if (starts.length >= count) return { html, starts };
    const later = /href="[^"?]*\?([^"]+)"[^>]*>\s*[^<]*<\/a>\s*<\/nav>/.exec(html)?.[1];
    if (!later) break;
    query = `?${decodeEntities(later)}`;
  }
  throw new Error("no page of the link offers enough free times");
}

beforeEach(clearSubmissions);

describe("a booking link", () => {
  it("shows the free times, never cached, indexed or referred, and a GET changes nothing", async () => {
    const path = await offered();
    const before = await env.DB.prepare("SELECT * FROM booking_offers").all();
    const response = await fetchPath(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(html).not.toContain('rel="canonical"');
    expect(textOf(html)).toContain(copy.heading);
    expect((await env.DB.prepare("SELECT * FROM booking_offers").all()).results).toEqual(before.results);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM bookings").first("n")).toBe(0);
  });

  it.each([
    ["a day that does not exist", "?from=2026-99-99"],
    ["February 30", "?from=2027-02-30"],
    ["a zone that does not exist", "?zone=Mars/Olympus_Mons"],
    ["a kind the offer does not include", "?kind=no-such-kind"],
    ["a broken escape", "?from=%E0%A4%A"],
  ])("answers a query with %s with the page as it stands, as a 400, logging nothing", async (_case, query) => {
    const path = await offered();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await fetchPath(`${path}${query}`);
    expect(response.status).toBe(400);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const html = await response.text();
    expect(textOf(html)).toContain(copy.heading);
    expect(offeredStarts(html).length).toBeGreaterThan(0);
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it("books the time chosen in one POST, then shows the booking with its invitation", async () => {
    const path = await offered();
    const { starts } = await pageWithTimes(path);
    const booked = await post(path, { action: "book", kind: kinds[0]!, zone: "America/New_York", start: starts[0]! });
    expect(booked.status).toBe(303);
    expect(booked.headers.get("location")).toBe(path);
    const html = await (await fetchPath(path)).text();
    expect(textOf(html)).toContain(copy.booked.heading);
    const row = await env.DB.prepare("SELECT start_at, client_zone, sequence FROM bookings").first<{
      start_at: number;
      client_zone: string;
      sequence: number;
    }>();
    expect(row).toEqual({ start_at: Number(starts[0]), client_zone: "America/New_York", sequence: 0 });
    const ics = await fetchPath(`${path}/invitation.ics`);
    expect(ics.headers.get("content-type")).toMatch(/^text\/calendar/);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(await ics.text())).getFirstSubcomponent("vevent")!);
    expect(event.startDate.toJSDate().getTime()).toBe(Number(starts[0]));
  });

  it("moves the booking with one POST, keeping one booking, and cancels it with another", async () => {
    const path = await offered();
    const { starts } = await pageWithTimes(path);
    await post(path, { action: "book", kind: kinds[0]!, zone: "America/Los_Angeles", start: starts[0]! });
    const moveTo = offeredStarts(await (await fetchPath(path)).text()).find((start) => start !== starts[0])!;
    const moved = await post(path, { action: "reschedule", kind: kinds[0]!, zone: "America/Los_Angeles", start: moveTo, sequence: "0" });
    expect(moved.status).toBe(303);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM bookings").first("n")).toBe(1);
    expect(await env.DB.prepare("SELECT start_at FROM bookings").first("start_at")).toBe(Number(moveTo));
    // The page the client had open still says sequence 0: the move is not made twice.
    expect(
      (await post(path, { action: "reschedule", kind: kinds[0]!, zone: "America/Los_Angeles", start: starts[0]!, sequence: "0" })).status,
    ).toBe(409);
    expect((await post(path, { action: "cancel", sequence: "1" })).status).toBe(303);
    expect(textOf(await (await fetchPath(path)).text())).toContain(copy.cancelled.heading);
    expect(await env.DB.prepare("SELECT status FROM bookings").first("status")).toBe("cancelled");
  });

  it("refuses a time taken a moment ago, showing the nearest free ones", async () => {
    const first = await offered();
    const second = await offered();
    const { starts } = await pageWithTimes(first);
    await post(first, { action: "book", kind: kinds[0]!, zone: "America/Los_Angeles", start: starts[0]! });
    const refused = await post(second, { action: "book", kind: kinds[0]!, zone: "America/Los_Angeles", start: starts[0]! });
    expect(refused.status).toBe(409);
    const text = textOf(await refused.text());
    expect(text).toContain(copy.refusals.taken);
    expect(text).toContain(copy.nearestHeading);
  });

  it("refuses a time in the past, one not chosen, and a kind not offered, with the reason", async () => {
    const path = await offered();
    const refusedWith = async (fields: Record<string, string>) => {
      const response = await post(path, { action: "book", zone: "America/Los_Angeles", ...fields });
      expect(response.status).toBe(409);
      return textOf(await response.text());
    };
    expect(await refusedWith({ kind: kinds[0]!, start: String(Date.now() - 3_600_000) })).toContain(copy.refusals.past);
    expect(await refusedWith({ kind: kinds[0]! })).toContain(copy.refusals.notChosen);
    expect(await refusedWith({ kind: "not-a-kind", start: String(Date.now() + 86_400_000) })).toContain(copy.refusals.unknownKind);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM bookings").first("n")).toBe(0);
  });

  it("answers an unknown, expired or malformed link with one clear page", async () => {
    const expired = await offered(-1);
    for (const path of [expired, "/book/not-a-link", `/book/${"A".repeat(43)}`, "/book/x/y/z"]) {
      const response = await fetchPath(path);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(textOf(await response.text())).toContain(copy.closed.heading);
    }
    expect((await post(expired, { action: "book", kind: kinds[0]!, start: String(Date.now() + 86_400_000) })).status).toBe(303);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM bookings").first("n")).toBe(0);
  });

  it.each([
    ["declined", "declining"],
    ["closed", "closed"],
    ["recorded as a possible conflict", "conflict"],
  ] as const)("neither keeps nor moves a time once its inquiry is %s", async (_case, state) => {
    const path = await offered();
    const { starts } = await pageWithTimes(path);
    await post(path, { action: "book", kind: kinds[0]!, zone: "America/Los_Angeles", start: starts[0]! });
    const moveTo = offeredStarts(await (await fetchPath(path)).text()).find((start) => start !== starts[0])!;
    const submissionId = (await env.DB.prepare("SELECT submission_id FROM bookings").first<string>("submission_id"))!;
    await recordIntake(db, submissionId, state, { note: "Represents the other side." });
    // The page says the consultation is cancelled, and a move from the page left open changes nothing.
    expect(textOf(await (await fetchPath(path)).text())).toContain(copy.cancelled.heading);
    const moved = await post(path, { action: "reschedule", kind: kinds[0]!, zone: "America/Los_Angeles", start: moveTo, sequence: "0" });
    expect(moved.headers.get("location") ?? "").not.toContain("done=moved");
    expect(await env.DB.prepare("SELECT status, start_at AS startAt FROM bookings").first()).toEqual({
      status: "cancelled",
      startAt: Number(starts[0]),
    });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM booking_minutes").first("n")).toBe(0);
  });

  it("refuses a post from another site", async () => {
    const path = await offered();
    const response = await fetchPath(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://elsewhere.example" },
      body: "action=cancel&sequence=0",
    });
    expect(response.status).toBe(403);
  });
});
