/**
 * What stands between the site and launch day: invented facts still marked placeholder() in src/content,
 * and production settings in wrangler.toml that still point at reserved example domains or a placeholder
 * database. `npm run launch-check` prints the list; `npm run deploy` refuses while it is not empty.
 */
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { experimental_readRawConfig } from "wrangler";
import { type PlaceholderRecord, placeholdersLeft } from "../../src/content/placeholder.ts";
import { turnstileToConfigure } from "./launch-turnstile.ts";

export interface LaunchItem {
  /** Where to change it: a content module or wrangler.toml. */
  readonly where: string;
  /** What is wrong and what to put instead, in one line. */
  readonly text: string;
}

/** Domains set aside for examples and tests (RFC 2606, RFC 6761, RFC 6762): never a live site's or inbox's. */
const RESERVED = /(?:^|\.)(?:example|test|invalid|localhost|local)$|(?:^|\.)example\.(?:com|net|org)$/i;

export const isReservedDomain = (host: string) => RESERVED.test(host.replace(/\.$/, ""));

/** The database id wrangler.toml ships with until `wrangler d1 create` gives the real one. */
const PLACEHOLDER_DATABASE_ID = /^0{8}-0{4}-/;

const shorten = (text: string) => (text.length > 90 ? `${text.slice(0, 87)}…` : text);

let found: Promise<LaunchItem[]> | undefined;

/**
 * Every placeholder of every content module, with the module that declares it: each module is imported in
 * turn (site.ts first, as the others import it) and the placeholders it added are its own.
 */
export function contentPlaceholders(contentDir = "src/content"): Promise<LaunchItem[]> {
  found ??= (async () => {
    const modules = readdirSync(contentDir)
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
      .sort((a, b) => Number(b === "site.ts") - Number(a === "site.ts") || a.localeCompare(b));
    // Anything recorded before this (a module imported earlier by someone else) is listed under the folder.
    const items: LaunchItem[] = placeholdersLeft().map((record) => item(contentDir, record));
    for (const name of modules) {
      const before = placeholdersLeft().length;
      await import(pathToFileURL(join(process.cwd(), contentDir, name)).href);
      items.push(
        ...placeholdersLeft()
          .slice(before)
          .map((record) => item(join(contentDir, name), record)),
      );
    }
    return items;
  })();
  return found;
}

const item = (where: string, { what, value }: PlaceholderRecord): LaunchItem => ({
  where: relative(process.cwd(), where),
  text: `${what}: ${JSON.stringify(shorten(value))}`,
});

/** Production settings of wrangler.toml that cannot be the practice's own yet. */
export function settingsToReplace(
  vars: Readonly<Record<string, unknown>>,
  databases: readonly { binding?: string; database_id?: string }[],
): LaunchItem[] {
  const where = "wrangler.toml";
  const items: LaunchItem[] = [];
  const origin = String(vars.SITE_ORIGIN ?? "");
  let host = "";
  try {
    host = new URL(origin).hostname;
  } catch {
    items.push({
      where,
      text: `SITE_ORIGIN ${JSON.stringify(origin)} is not an origin: set the site's address, e.g. https://example-law.com`,
    });
  }
  if (host && isReservedDomain(host))
    items.push({ where, text: `SITE_ORIGIN ${JSON.stringify(origin)} is on a reserved example domain: set the site's real address` });
  for (const name of ["NOTIFY_FROM", "NOTIFY_TO"] as const) {
    const address = String(vars[name] ?? "");
    const domain = address.split("@")[1] ?? "";
    if (!domain || isReservedDomain(domain)) {
      items.push({
        where,
        text: `${name} ${JSON.stringify(address)} is ${domain ? "on a reserved example domain" : "not an e-mail address"}: set the practice's real address (README "Deploy", step 3)`,
      });
    }
  }
  for (const database of databases) {
    if (!database.database_id || PLACEHOLDER_DATABASE_ID.test(database.database_id)) {
      items.push({
        where,
        text: `database_id of ${database.binding ?? "the D1 database"} is a placeholder: create the database and put its id here (README "Deploy", step 1)`,
      });
    }
  }
  return items;
}

/** Everything left to replace before launch: content placeholders, then production settings, then Turnstile. */
export async function launchItems(configPath = "wrangler.toml"): Promise<LaunchItem[]> {
  const { rawConfig } = experimental_readRawConfig({ config: configPath });
  const vars = rawConfig.vars ?? {};
  return [...(await contentPlaceholders()), ...settingsToReplace(vars, rawConfig.d1_databases ?? []), ...turnstileToConfigure(vars)];
}

/** The list as a Markdown checklist, grouped by file (README's "Before launch"). */
export function checklist(items: readonly LaunchItem[]): string {
  const files = [...new Set(items.map((entry) => entry.where))];
  return files
    .map(
      (where) =>
        `In \`${where}\`:\n\n${items
          .filter((entry) => entry.where === where)
          .map((entry) => `- [ ] ${entry.text}`)
          .join("\n")}`,
    )
    .join("\n\n");
}
