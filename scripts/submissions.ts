/**
 * Privacy operations on stored contact submissions, for access, export and deletion requests:
 *
 *   npm run submissions -- list   [--email someone@example.com] [--remote]
 *   npm run submissions -- export  --email someone@example.com  [--remote]   (JSON on stdout)
 *   npm run submissions -- delete  --email someone@example.com  [--remote]
 *
 * The inquiry inbox (/admin) does the same from a browser; both run the data functions of src/db. Here they
 * run in Node against the D1 binding that wrangler's getPlatformProxy provides: the local database
 * `npm start` uses by default (--persist-to DIR for another local state directory), or the production D1
 * with --remote, through wrangler's remote bindings (needs `wrangler login`).
 */
import { parseArgs } from "node:util";
import type { Database } from "../src/db/client.ts";
import { type InboxRow, listInbox } from "../src/db/inbox.ts";
import { deleteSubmissionsFrom, exportSubmissionsFrom, isEmailAddress } from "../src/db/privacy.ts";
import { openDatabase } from "./lib/d1.ts";

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
if (email !== undefined && !isEmailAddress(email)) fail(`"${email}" is not an e-mail address`);
if ((command === "export" || command === "delete") && !email) fail(`${command} needs --email\n${usage}`);

const { db, close } = await openDatabase({ remote: values.remote, persistTo: values["persist-to"] });

/** Every row of the inbox's list (of one address, if given), oldest first, read page by page. */
async function allRows(db: Database): Promise<InboxRow[]> {
  const rows: InboxRow[] = [];
  const now = new Date();
  let before: InboxRow | undefined;
  for (;;) {
    const position = before ? { before: { createdAt: before.createdAt.getTime(), id: before.id } } : {};
    const page = await listInbox(db, { email }, position, now, 500);
    rows.push(...page.rows);
    if (!page.older) return rows.reverse();
    before = page.rows.at(-1);
  }
}

try {
  switch (command) {
    case "list": {
      const rows = await allRows(db);
      for (const row of rows)
        console.log([row.createdAt.toISOString(), row.id, row.state, row.name, `<${row.email}>`, row.summary].join("\t"));
      console.error(`${rows.length} submission(s)`);
      break;
    }
    case "export": {
      const document = await exportSubmissionsFrom(db, email!, new Date());
      console.log(JSON.stringify(document, null, 2));
      console.error(`${document.submissions.length} submission(s) exported`);
      break;
    }
    case "delete": {
      const deleted = await deleteSubmissionsFrom(db, email!);
      console.log(
        `Deleted ${deleted.ids.length} submission(s) from ${email}; the name removed from ${deleted.searchesRedacted} conflict search(es) of the activity log`,
      );
      break;
    }
  }
} finally {
  await close();
}
