import { env } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addBusyTime } from "../db/bookings.ts";
import { database } from "../db/client.ts";
import { busyTimes, calendarReads } from "../db/schema.ts";
import { clearSubmissions } from "../test/submissions.ts";
import { readAttorneyCalendar } from "./calendar-read.ts";

const db = database(env.DB);
const HOUR = 3_600_000;
/** The private address, as Google writes it: a secret in its path. */
const SECRET_PATH = "/calendar/ical/attorney%40example.com/private-5e1f2a9b7c3d4e6f/basic.ics";
const ADDRESS = `https://calendar.example${SECRET_PATH}`;
const NOW = new Date(Date.UTC(2027, 4, 10, 16));

/** The attorney's calendar as her app publishes it: a court date (busy) and an event marked free. */
const CALENDAR = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Meridian tests//Busy calendar//EN",
  "BEGIN:VEVENT",
  "UID:court@calendar.example",
  "DTSTAMP:20270501T000000Z",
  "DTSTART:20270511T170000Z",
  "DTEND:20270511T190000Z",
  "SUMMARY:Hearing, King County Superior Court",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:free@calendar.example",
  "DTSTAMP:20270501T000000Z",
  "DTSTART:20270512T170000Z",
  "DTEND:20270512T180000Z",
  "TRANSP:TRANSPARENT",
  "SUMMARY:Reading time",
  "END:VEVENT",
  "END:VCALENDAR",
  "",
].join("\r\n");

/** The calendar's server, standing in for the outside network (the only fetch stubbed); other addresses pass through. */
function calendarServer(answer: () => Response | Promise<Response>) {
  const network = globalThis.fetch;
  const requests: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith("https://calendar.example/")) return network(input, init);
    requests.push(request.url);
    return Promise.resolve(answer());
  });
  return requests;
}

const withCalendar = (address = ADDRESS) => ({ ...env, ATTORNEY_CALENDAR_URL: address });

const busy = async () =>
  (await db.select().from(busyTimes).orderBy(asc(busyTimes.startAt))).map((row) => ({
    source: row.source,
    start: row.startAt.toISOString(),
    end: row.endAt.toISOString(),
  }));
const record = async () => (await db.select().from(calendarReads).where(eq(calendarReads.id, 1)))[0];

const COURT = { source: "calendar", start: "2027-05-11T17:00:00.000Z", end: "2027-05-11T19:00:00.000Z" };
const DAY_OFF = { source: "inbox", start: "2027-05-14T07:00:00.000Z", end: "2027-05-15T07:00:00.000Z" };

beforeEach(async () => {
  await clearSubmissions();
  await db.delete(calendarReads);
  await addBusyTime(db, { start: Date.parse(DAY_OFF.start), end: Date.parse(DAY_OFF.end) }, "Day off", {
    by: "attorney@meridian-creative-law.example",
    now: NOW,
  });
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("reading the attorney's calendar", () => {
  it("replaces the calendar's busy times with its busy events, keeps the inbox's, and records the read", async () => {
    await db
      .insert(busyTimes)
      .values({ source: "calendar", startAt: new Date(NOW.getTime() + 30 * HOUR), endAt: new Date(NOW.getTime() + 31 * HOUR) });
    const requests = calendarServer(() => new Response(CALENDAR, { headers: { "content-type": "text/calendar" } }));
    expect(await readAttorneyCalendar(withCalendar(), NOW)).toBe("read");
    expect(requests).toEqual([ADDRESS]);
    expect(await busy()).toEqual([COURT, DAY_OFF]);
    expect(await record()).toMatchObject({ readAt: NOW, busyTimes: 1, failedAt: null, failure: null });
  });

  it("reads a webcal address over https", async () => {
    const requests = calendarServer(() => new Response(CALENDAR));
    expect(await readAttorneyCalendar(withCalendar(ADDRESS.replace("https:", "webcal:")), NOW)).toBe("read");
    expect(requests).toEqual([ADDRESS]);
  });

  it("reads at most once an hour", async () => {
    const requests = calendarServer(() => new Response(CALENDAR));
    await readAttorneyCalendar(withCalendar(), NOW);
    expect(await readAttorneyCalendar(withCalendar(), new Date(NOW.getTime() + 50 * 60_000))).toBe("fresh");
    expect(requests).toHaveLength(1);
    expect(await readAttorneyCalendar(withCalendar(), new Date(NOW.getTime() + HOUR))).toBe("read");
    expect(requests).toHaveLength(2);
  });

  it("keeps the last good busy times when a read fails, records why without the address, and tries again on the next run", async () => {
    let answer = () => new Response(CALENDAR);
    calendarServer(() => answer());
    await readAttorneyCalendar(withCalendar(), NOW);

    const later = new Date(NOW.getTime() + 2 * HOUR);
    answer = () => new Response("gone", { status: 404 });
    expect(await readAttorneyCalendar(withCalendar(), later)).toBe("failed");
    expect(await busy()).toEqual([COURT, DAY_OFF]);
    const failed = await record();
    expect(failed).toMatchObject({ readAt: NOW, busyTimes: 1, failedAt: later });
    expect(failed!.failure).toMatch(/404/);

    answer = () => new Response("<!doctype html><title>Sign in</title>", { headers: { "content-type": "text/html" } });
    const next = new Date(later.getTime() + 10 * 60_000);
    expect(await readAttorneyCalendar(withCalendar(), next)).toBe("failed");
    expect((await record())!.failure).toMatch(/not.*calendar|calendar.*not/i);
    expect(await busy()).toEqual([COURT, DAY_OFF]);

    answer = () => new Response(CALENDAR);
    const recovered = new Date(next.getTime() + 10 * 60_000);
    expect(await readAttorneyCalendar(withCalendar(), recovered)).toBe("read");
    expect(await record()).toMatchObject({ readAt: recovered, failedAt: null, failure: null });
  });

  it("never writes the secret address into a failure or a log line", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    calendarServer(() => {
      throw new TypeError(`Fetch API cannot load: ${ADDRESS}`);
    });
    expect(await readAttorneyCalendar(withCalendar(), NOW)).toBe("failed");
    const failure = (await record())!.failure!;
    expect(failure).toMatch(/could not be reached/);
    for (const text of [failure, String(logged.mock.calls)]) {
      expect(text).not.toContain("private-5e1f2a9b7c3d4e6f");
      expect(text).not.toContain("calendar.example");
    }
  });

  it("refuses a calendar larger than 2 MB, read as a stream with no length given", async () => {
    const chunk = new TextEncoder().encode(`${"X".repeat(1023)}\n`);
    calendarServer(() => {
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ > 3 * 1024) controller.close();
          else controller.enqueue(chunk);
        },
      });
      return new Response(body);
    });
    expect(await readAttorneyCalendar(withCalendar(), NOW)).toBe("failed");
    expect((await record())!.failure).toMatch(/larger than 2 MB/);
  });

  it("refuses an address that is not https", async () => {
    const requests = calendarServer(() => new Response(CALENDAR));
    expect(await readAttorneyCalendar(withCalendar(ADDRESS.replace("https:", "http:")), NOW)).toBe("failed");
    expect(requests).toEqual([]);
    expect((await record())!.failure).toMatch(/https/);
  });

  it("with the secret removed, reads nothing and removes the calendar's busy times", async () => {
    const requests = calendarServer(() => new Response(CALENDAR));
    await readAttorneyCalendar(withCalendar(), NOW);
    expect(await readAttorneyCalendar(withCalendar(""), new Date(NOW.getTime() + 2 * HOUR))).toBe("off");
    expect(requests).toHaveLength(1);
    expect(await busy()).toEqual([DAY_OFF]);
    expect(await record()).toBeUndefined();
  });
});
