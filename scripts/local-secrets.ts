/**
 * Gives this clone the local secrets `npm start`, `npm run dev` and the browser tests use, in .dev.vars, each
 * written once: the inquiry inbox's local sign-in (see src/admin/local-signer.ts), an RS256 key pair as a
 * private JWK in ADMIN_LOCAL_SIGNING_KEY; and a key for the nightly backups into the local R2 bucket
 * (src/backup/seal.ts), BACKUP_KEY. A secret already there is kept, and so is everything else in the file.
 *
 * .dev.vars is ignored by git and read only by local tools (wrangler dev, vite dev); `wrangler deploy`
 * never uploads it. The Worker accepts the sign-in key only for requests to localhost, 127.0.0.1 or [::1].
 *
 * Not here: the attorney's calendar address (ATTORNEY_CALENDAR_URL). `npm start` alone serves a made-up one and
 * passes its address to `wrangler dev` (scripts/with-local-calendar.ts): the Worker's tests and the browser
 * tests' servers read this file too, and no calendar is served for them.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { exportJWK, generateKeyPair } from "jose";
import { newBackupSecret } from "../src/queue/backup/seal.ts";

const FILE = ".dev.vars";

const secrets: { name: string; about: string[]; value: () => Promise<string> }[] = [
  {
    name: "ADMIN_LOCAL_SIGNING_KEY",
    about: [
      "# Local sign-in for the inquiry inbox at http://localhost:8787/admin, written by scripts/local-secrets.ts.",
      "# Accepted only on localhost; wrangler deploy never uploads this file.",
    ],
    value: async () => {
      const { privateKey } = await generateKeyPair("RS256", { extractable: true });
      return `'${JSON.stringify(await exportJWK(privateKey))}'`;
    },
  },
  {
    name: "BACKUP_KEY",
    about: ["# The local backups' key (npm run restore reads it too), written by scripts/local-secrets.ts."],
    value: async () => newBackupSecret(),
  },
];

let current = existsSync(FILE) ? readFileSync(FILE, "utf8") : "";
for (const secret of secrets) {
  if (new RegExp(`^${secret.name}=`, "m").test(current)) continue;
  const entry = [...secret.about, `${secret.name}=${await secret.value()}`, ""].join("\n");
  current = `${current}${current && !current.endsWith("\n") ? "\n" : ""}${entry}`;
  writeFileSync(FILE, current, { mode: 0o600 });
  chmodSync(FILE, 0o600);
  console.log(`Wrote ${secret.name} to ${FILE}`);
}
