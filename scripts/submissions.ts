/**
 * Privacy operations on stored contact submissions, for access, export and deletion requests:
 *
 *   npm run submissions -- list   [--email someone@example.com] [--remote]
 *   npm run submissions -- export  --email someone@example.com  [--remote]   (JSON on stdout)
 *   npm run submissions -- delete  --email someone@example.com  [--remote]
 *
 * Local by default (the database `npm start` uses); --remote works on the production D1 and needs
 * `wrangler login`. --persist-to DIR points at another local state directory.
 */
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import { regexes } from "zod/mini";

const usage = "usage: npm run submissions -- list|export|delete [--email ADDRESS] [--remote] [--persist-to DIR]";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: "string" }, remote: { type: "boolean", default: false }, "persist-to": { type: "string" } },
});
const [command] = positionals;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

if (!command || !["list", "export", "delete"].includes(command)) fail(usage);
const email = values.email?.trim();
if (email !== undefined && !regexes.html5Email.test(email)) fail(`"${email}" is not an e-mail address`);
if ((command === "export" || command === "delete") && !email) fail(`${command} needs --email\n${usage}`);

/** The address as an SQL string literal (quotes doubled); the address itself was checked above. */
const emailLiteral = email ? `'${email.replaceAll("'", "''")}'` : undefined;
const whereEmail = emailLiteral ? ` WHERE email = ${emailLiteral} COLLATE NOCASE` : "";

function d1(sql: string): Record<string, unknown>[] {
  const where = values.remote ? ["--remote"] : ["--local", ...(values["persist-to"] ? ["--persist-to", values["persist-to"]] : [])];
  const output = execFileSync("npx", ["wrangler", "d1", "execute", "DB", ...where, "--json", "--command", sql], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [result] = JSON.parse(output) as { results: Record<string, unknown>[] }[];
  return result?.results ?? [];
}

const isoDate = (ms: unknown) => (typeof ms === "number" ? new Date(ms).toISOString() : null);

switch (command) {
  case "list": {
    const rows = d1(`SELECT id, created_at, name, email, organization, notification_status FROM contact_submissions${whereEmail} ORDER BY created_at`);
    for (const row of rows) console.log([isoDate(row.created_at), row.id, row.notification_status, row.name, `<${row.email}>`, row.organization ?? ""].join("\t"));
    console.error(`${rows.length} submission(s)`);
    break;
  }
  case "export": {
    const rows = d1(`SELECT * FROM contact_submissions${whereEmail} ORDER BY created_at`).map((row) => ({
      ...row,
      created_at: isoDate(row.created_at),
      notified_at: isoDate(row.notified_at),
      queued_at: isoDate(row.queued_at),
      notification_lease_until: isoDate(row.notification_lease_until),
    }));
    console.log(JSON.stringify({ email, exportedAt: new Date().toISOString(), submissions: rows }, null, 2));
    console.error(`${rows.length} submission(s) exported`);
    break;
  }
  case "delete": {
    const deleted = d1(`DELETE FROM contact_submissions${whereEmail} RETURNING id`);
    console.log(`Deleted ${deleted.length} submission(s) from ${email}`);
    break;
  }
}
