import { mkdtempSync, rmSync } from "node:fs";
import { get } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { busyTimes } from "../src/booking/busy-calendar.ts";
import { type LocalCalendarServer, localCertificate, madeUpBusyCalendar, serveLocalCalendar } from "./lib/local-calendar.ts";

/*
 * The made-up calendar `npm start` gives the Worker as the attorney's own (scripts/with-local-calendar.ts):
 * an https address on this machine, trusted through its own certificate, answering a calendar that the
 * Worker's reader (src/booking/busy-calendar.ts, ical.js) reads with busy times in every coming week.
 */

const DAY_MS = 86_400_000;
const ZONE = "America/Los_Angeles";

let dir: string;
let server: LocalCalendarServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "local-calendar-"));
  server = await serveLocalCalendar({ port: 0, dir });
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A GET of `url` trusting the local certificate, as the Worker is told to (NODE_EXTRA_CA_CERTS); without it, Node's usual authorities. */
const fetchTrusting = (url: string, ca?: string) =>
  new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    get(url, ca ? { ca } : {}, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, type: String(response.headers["content-type"]), body }));
    }).on("error", reject);
  });

/** Busy times of the calendar text in each of the `weeks` weeks from `now`. */
const busyPerWeek = (text: string, now: number, weeks: number) => {
  const busy = busyTimes(text, { from: now, to: now + weeks * 7 * DAY_MS }, ZONE);
  return Array.from({ length: weeks }, (_, week) => {
    const from = now + week * 7 * DAY_MS;
    return busy.filter((time) => time.end > from && time.start < from + 7 * DAY_MS).length;
  });
};

describe("the made-up calendar npm start serves", () => {
  it("is an https address on this machine, as the calendar's reader requires", () => {
    const url = new URL(server.url);
    expect(url.protocol).toBe("https:");
    expect(url.hostname).toBe("localhost");
  });

  it("answers a calendar, over TLS its own certificate vouches for, busy in each of the coming four weeks", async () => {
    const answer = await fetchTrusting(server.url, localCertificate(dir).cert);
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/calendar/);
    const weeks = busyPerWeek(answer.body, Date.now(), 4);
    for (const [week, count] of weeks.entries()) expect(count, `busy times in week ${week + 1}`).toBeGreaterThan(0);
  });

  it("refuses a client that trusts only the usual authorities: the certificate is trusted locally alone", async () => {
    await expect(fetchTrusting(server.url)).rejects.toThrow(/self[- ]signed/i);
  });

  it("is made relative to the day it is asked for: busy weeks ahead in a year too, none of them in the past", () => {
    const later = Date.now() + 365 * DAY_MS;
    const text = madeUpBusyCalendar(new Date(later));
    for (const count of busyPerWeek(text, later, 4)) expect(count).toBeGreaterThan(0);
    // A reading of the past weeks finds nothing: the calendar starts with the week it was made in.
    expect(busyTimes(text, { from: later - 60 * DAY_MS, to: later - 10 * DAY_MS }, ZONE)).toEqual([]);
  });

  it("keeps an event marked free out of the busy times, as a calendar app's lunch", () => {
    const now = Date.now();
    const busy = busyTimes(madeUpBusyCalendar(new Date(now)), { from: now, to: now + 28 * DAY_MS }, ZONE);
    const noonInSeattle = (time: number) =>
      new Intl.DateTimeFormat("en-US", { timeZone: ZONE, hour: "numeric", hourCycle: "h23" }).format(new Date(time)) === "12";
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.filter((time) => noonInSeattle(time.start))).toEqual([]);
  });
});
