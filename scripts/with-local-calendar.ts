/**
 * `npm start`'s server with a made-up busy calendar of the attorney's: starts the local calendar server
 * (scripts/lib/local-calendar.ts), then runs the command given (`npm run serve:local -- …`) with
 * `--var ATTORNEY_CALENDAR_URL:<its address>` added and its certificate trusted (NODE_EXTRA_CA_CERTS); once
 * the site answers, runs the every-ten-minutes cron (sweep, retention, reminders, the attorney's calendar) at
 * once and then every ten minutes, as Cloudflare would (wrangler dev never runs a cron by itself), so the
 * calendar's busy times are read at start; stops the calendar server when the command ends, with its exit code.
 *
 * Used by `npm start` only: the browser tests, the reliability run and the Worker's tests run without it.
 * Another `npm start` already serving the calendar on its port is used as it is. Without openssl (which makes
 * the certificate) the site is served without a calendar, as before.
 *
 *   node scripts/with-local-calendar.ts npm run serve:local -- --port 8787 --persist-to .wrangler/state
 */
import { spawn } from "node:child_process";
import {
  LOCAL_CALENDAR_DIR,
  LOCAL_CALENDAR_PATH,
  LOCAL_CALENDAR_PORT,
  localCertificate,
  serveLocalCalendar,
  trustFile,
} from "./lib/local-calendar.ts";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: node scripts/with-local-calendar.ts <command> [args…]");
  process.exit(2);
}

let close = async () => {};
let extra: string[] = [];
let env = process.env;
try {
  const { certFile } = localCertificate();
  let url = `https://localhost:${LOCAL_CALENDAR_PORT}${LOCAL_CALENDAR_PATH}`;
  try {
    const server = await serveLocalCalendar();
    url = server.url;
    close = server.close;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    console.log(`The attorney's made-up calendar: port ${LOCAL_CALENDAR_PORT} is taken (another npm start?); using ${url}`);
  }
  extra = ["--var", `ATTORNEY_CALENDAR_URL:${url}`];
  env = { ...process.env, NODE_EXTRA_CA_CERTS: trustFile(certFile) };
  console.log(`The attorney's calendar (made up, busy times each weekday): ${url}`);
} catch (error) {
  console.warn(
    `The attorney's made-up calendar is not served (${error instanceof Error ? error.message.split("\n")[0] : error}); is openssl installed? ` +
      `Its certificate would be kept in ${LOCAL_CALENDAR_DIR}.`,
  );
}

const child = spawn(command, [...args, ...extra], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));

// The site's port, as the command was given it: the cron runs there once it answers.
const portAt = args.indexOf("--port");
const port = portAt >= 0 ? Number(args[portAt + 1]) : 8787;
let cronTimer: NodeJS.Timeout | undefined;
if (extra.length > 0) void runCron(port);

child.on("exit", (code, signal) => {
  clearInterval(cronTimer);
  void close().finally(() => process.exit(code ?? (signal ? 1 : 0)));
});

/** The every-ten-minutes cron run (wrangler dev's /cdn-cgi/local/scheduled, no cron named: that run's work). */
const cronRun = (at: number) => fetch(`http://localhost:${at}/cdn-cgi/local/scheduled`);

/** Runs the cron as soon as the site answers, then every ten minutes while it runs. */
async function runCron(at: number) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`http://localhost:${at}/robots.txt`)).ok) {
        if ((await cronRun(at)).ok) console.log("The cron ran: the made-up calendar's busy times are read (/admin/consultations).");
        cronTimer = setInterval(() => void cronRun(at).catch(() => {}), 600_000);
        cronTimer.unref();
        return;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
