/**
 * Gives this clone the inquiry inbox's local sign-in (see src/admin/local-signer.ts): writes an RS256 key
 * pair, as a private JWK, into .dev.vars as ADMIN_LOCAL_SIGNING_KEY, once. `npm start`, `npm run dev` and
 * `npm run start:e2e` run it first; a key already there is kept, and so is everything else in the file.
 *
 * .dev.vars is ignored by git and read only by local tools (wrangler dev, vite dev); `wrangler deploy`
 * never uploads it. The Worker accepts the key only for requests to localhost, 127.0.0.1 or [::1].
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { exportJWK, generateKeyPair } from "jose";

const FILE = ".dev.vars";
const NAME = "ADMIN_LOCAL_SIGNING_KEY";

const current = existsSync(FILE) ? readFileSync(FILE, "utf8") : "";
if (!new RegExp(`^${NAME}=`, "m").test(current)) {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = JSON.stringify(await exportJWK(privateKey));
  const entry = [
    "# Local sign-in for the inquiry inbox at http://localhost:8787/admin, written by scripts/local-admin-key.ts.",
    "# Accepted only on localhost; wrangler deploy never uploads this file.",
    `${NAME}='${jwk}'`,
    "",
  ].join("\n");
  writeFileSync(FILE, `${current}${current && !current.endsWith("\n") ? "\n" : ""}${entry}`, { mode: 0o600 });
  chmodSync(FILE, 0o600);
  console.log(`Wrote the inquiry inbox's local sign-in key to ${FILE}`);
}
