/**
 * A made-up calendar of the attorney's, for `npm start`: the Worker's cron reads the attorney's own calendar
 * from the private iCal address in the ATTORNEY_CALENDAR_URL secret (src/queue/calendar-read.ts), which must
 * be https. Locally, a small HTTPS server on the loopback interface serves this calendar, made relative to
 * the day it is asked for (so it always has busy times in the coming weeks), with a self-signed certificate
 * that only the local Worker is told to trust (NODE_EXTRA_CA_CERTS, which wrangler's Miniflare adds to
 * workerd's trusted certificates). `scripts/with-local-calendar.ts` starts it beside `wrangler dev`.
 *
 * Nothing here reaches production: the address is given to `wrangler dev` as a `--var` by that script
 * alone, never written to `wrangler.toml` or `.dev.vars` (which the Worker's tests and the browser tests'
 * servers read too, and where no calendar is served).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { type Server, createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import ical, { ICalEventTransparency } from "ical-generator";
import { Temporal } from "temporal-polyfill";

/** Where the certificate and its key are kept (under .wrangler/, which git ignores). */
export const LOCAL_CALENDAR_DIR = ".wrangler/local-calendar";

/** The port `npm start` serves the calendar on (LOCAL_CALENDAR_PORT to move it). */
export const LOCAL_CALENDAR_PORT = Number(process.env.LOCAL_CALENDAR_PORT ?? 8786);

/** The calendar's path on that server. */
export const LOCAL_CALENDAR_PATH = "/attorney/basic.ics";

/** The made-up calendar's zone, the practice's: its busy times are Seattle office hours. */
const ZONE = "America/Los_Angeles";

/** How far ahead the calendar has events: beyond any booking horizon the practice would set. */
const WEEKS_AHEAD = 12;

/** One made-up event: its Seattle wall-clock hours on a weekday (1 Monday … 5 Friday). */
interface Pattern {
  readonly summary: string;
  readonly weekdays: readonly number[];
  readonly from: string;
  readonly to: string;
  /** Marked free in the calendar app (TRANSP:TRANSPARENT): never busy. */
  readonly free?: boolean;
}

const patterns: readonly Pattern[] = [
  { summary: "Client meeting (made up)", weekdays: [1, 3, 5], from: "09:00", to: "10:30" },
  { summary: "Studio visit (made up)", weekdays: [2], from: "10:00", to: "11:00" },
  { summary: "Arts board (made up)", weekdays: [4], from: "14:00", to: "16:00" },
  { summary: "Lunch (made up, marked free)", weekdays: [1, 2, 3, 4, 5], from: "12:00", to: "13:00", free: true },
];

/**
 * The made-up calendar as of `now`: from the start of the week in Seattle to WEEKS_AHEAD weeks on, each
 * event written as a UTC instant (its Seattle wall-clock time converted by Temporal), plus a hearing on the
 * next weekday morning; as a calendar app publishes one (iCalendar, RFC 5545).
 */
export function madeUpBusyCalendar(now: Date): string {
  const calendar = ical({ name: "Attorney (made up for npm start)", prodId: "//Meridian Creative Law//local calendar//EN" });
  const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(ZONE).toPlainDate();
  const monday = today.subtract({ days: today.dayOfWeek - 1 });
  const at = (day: Temporal.PlainDate, time: string) =>
    new Date(day.toZonedDateTime({ timeZone: ZONE, plainTime: Temporal.PlainTime.from(time) }).epochMilliseconds);
  for (let offset = 0; offset < WEEKS_AHEAD * 7; offset++) {
    const day = monday.add({ days: offset });
    for (const pattern of patterns.filter((each) => each.weekdays.includes(day.dayOfWeek))) {
      calendar.createEvent({
        id: `${day.toString()}-${pattern.from}@local-calendar.localhost`,
        summary: pattern.summary,
        start: at(day, pattern.from),
        end: at(day, pattern.to),
        stamp: now,
        transparency: pattern.free ? ICalEventTransparency.TRANSPARENT : ICalEventTransparency.OPAQUE,
      });
    }
  }
  let hearing = today.add({ days: 1 });
  while (hearing.dayOfWeek > 5) hearing = hearing.add({ days: 1 });
  calendar.createEvent({
    id: `${hearing.toString()}-hearing@local-calendar.localhost`,
    summary: "Hearing (made up)",
    start: at(hearing, "10:30"),
    end: at(hearing, "12:00"),
    stamp: now,
  });
  return calendar.toString();
}

/** The certificate (and key) the local server presents, made once with openssl: localhost, 127.0.0.1, ::1. */
export function localCertificate(dir = LOCAL_CALENDAR_DIR): { cert: string; key: string; certFile: string } {
  const certFile = join(dir, "cert.pem");
  const keyFile = join(dir, "key.pem");
  if (!existsSync(certFile) || !existsSync(keyFile)) {
    mkdirSync(dir, { recursive: true });
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "3650",
        "-subj",
        "/CN=localhost",
        "-addext",
        "subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1",
        "-keyout",
        keyFile,
        "-out",
        certFile,
      ],
      { stdio: "ignore" },
    );
  }
  return { cert: readFileSync(certFile, "utf8"), key: readFileSync(keyFile, "utf8"), certFile };
}

/**
 * The file NODE_EXTRA_CA_CERTS names for `wrangler dev`: the certificate, after any the environment already
 * trusted that way (a company's proxy, say), which setting the variable would otherwise drop.
 */
export function trustFile(certFile: string, dir = LOCAL_CALENDAR_DIR): string {
  const already = process.env.NODE_EXTRA_CA_CERTS;
  const extra = already && existsSync(already) ? readFileSync(already, "utf8") : "";
  const file = join(dir, "trusted.pem");
  writeFileSync(file, `${extra}${extra && !extra.endsWith("\n") ? "\n" : ""}${readFileSync(certFile, "utf8")}`);
  return file;
}

export interface LocalCalendarServer {
  /** The address to give ATTORNEY_CALENDAR_URL. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Serves the made-up calendar at https://localhost:<port>/attorney/basic.ics on the loopback interface only
 * (127.0.0.1, and ::1 where there is one), made anew for each request. `port` 0 takes a free one.
 */
export async function serveLocalCalendar({ port = LOCAL_CALENDAR_PORT, dir = LOCAL_CALENDAR_DIR } = {}): Promise<LocalCalendarServer> {
  const { cert, key } = localCertificate(dir);
  const servers: Server[] = [];
  const listen = (host: string, at: number) =>
    new Promise<Server>((resolve, reject) => {
      const server = createServer({ cert, key }, (request, response) => {
        if (request.method !== "GET" && request.method !== "HEAD") return void response.writeHead(405).end();
        if (new URL(request.url ?? "/", "https://localhost").pathname !== LOCAL_CALENDAR_PATH) return void response.writeHead(404).end();
        response.writeHead(200, { "content-type": "text/calendar; charset=utf-8", "cache-control": "no-store" });
        response.end(request.method === "HEAD" ? undefined : madeUpBusyCalendar(new Date()));
      });
      server.once("error", reject);
      server.listen(at, host, () => resolve(server));
    });
  const first = await listen("127.0.0.1", port);
  servers.push(first);
  const bound = (first.address() as AddressInfo).port;
  // "localhost" may be looked up as ::1 first: answer there too, where the machine has IPv6.
  await listen("::1", bound).then(
    (server) => servers.push(server),
    () => {},
  );
  return {
    url: `https://localhost:${bound}${LOCAL_CALENDAR_PATH}`,
    close: () => Promise.all(servers.map((server) => new Promise<void>((done) => server.close(() => done())))).then(() => {}),
  };
}
