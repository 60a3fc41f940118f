/**
 * What stands between the site and launch day: values still marked placeholder(…) under content/,
 * production settings in wrangler.toml that still point at reserved example domains or a placeholder
 * database, and a build made with drafts. `npm run launch-check` prints the list; `npm run deploy` refuses
 * while it is not empty.
 */
import { join } from "node:path";
import { experimental_readRawConfig } from "wrangler";
import { BUILD_STAMP, readBuildStamp } from "../../build/content/build-stamp.ts";
import { fieldDescription } from "../../build/content/describe.ts";
import { loadContent } from "../../build/content/load.ts";
import type { Placeholder } from "../../build/content/placeholders.ts";
import { servicesToConfigure } from "./launch-settings.ts";
import { turnstileToConfigure } from "./launch-turnstile.ts";

export interface LaunchItem {
  /** Where to change it: a file under content/, or wrangler.toml. */
  readonly where: string;
  /** What is wrong and what to put instead, in one line. */
  readonly text: string;
}

/** Domains set aside for examples and tests (RFC 2606, RFC 6761, RFC 6762): never a live site's or inbox's. */
const RESERVED = /(?:^|\.)(?:example|test|invalid|localhost|local)$|(?:^|\.)example\.(?:com|net|org)$/i;

export const isReservedDomain = (host: string) => RESERVED.test(host.replace(/\.$/, ""));

/** A database id that names no database: the zeros a configuration may carry as an example. */
const PLACEHOLDER_DATABASE_ID = /^0{8}-0{4}-/;

const shorten = (text: string) => {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length > 90 ? `${oneLine.slice(0, 87)}…` : oneLine;
};

/** A placeholder as the list shows it: the field and what it is (or the line of a text), and its value. */
export function placeholderItem({ file, field, line, value }: Placeholder): LaunchItem {
  const where = field ? `${field}${fieldDescription(file, field) ? ` (${fieldDescription(file, field)})` : ""}` : `the text, line ${line}`;
  return { where: file, text: `${where}: ${JSON.stringify(shorten(value))}` };
}

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
        text: `${name} ${JSON.stringify(address)} is ${domain ? "on a reserved example domain" : "not an e-mail address"}: set the practice's real address (npm run setup asks for it)`,
      });
    }
  }
  // No id is right: the first deploy creates the database by its name. An id of zeros names none.
  for (const database of databases) {
    if (database.database_id && PLACEHOLDER_DATABASE_ID.test(database.database_id)) {
      items.push({
        where,
        text: `database_id of ${database.binding ?? "the D1 database"} is a placeholder: remove the line (the deploy finds or creates the database by its name)`,
      });
    }
  }
  return items;
}

export interface LaunchOptions {
  /** The project's root: files are named relative to it. */
  readonly root?: string;
  /** The content folder; `<root>/content` unless given. */
  readonly contentDir?: string;
  /** The Worker's configuration; `<root>/wrangler.toml` unless given. */
  readonly config?: string;
}

/** Why the build at `root` is not the published site, if it is not: drafts shown, or another content folder. */
export function buildToReplace(root: string): LaunchItem[] {
  const stamp = readBuildStamp(root);
  const where = `the build (${BUILD_STAMP})`;
  return [
    ...(stamp?.drafts
      ? [{ where, text: "made with CONTENT_DRAFTS=include, so it shows drafts: build again without it (npm run build)" }]
      : []),
    ...(stamp && stamp.contentDir !== "content"
      ? [{ where, text: `made from ${stamp.contentDir}/ (CONTENT_DIR), not content/: build again without it (npm run build)` }]
      : []),
  ];
}

/**
 * Everything left to replace before launch: content placeholders, then production settings, then Turnstile,
 * then a build that is not the published site.
 */
export function launchItems({ root = process.cwd(), contentDir, config = join(root, "wrangler.toml") }: LaunchOptions = {}): LaunchItem[] {
  const { placeholders } = loadContent({ root, dir: contentDir });
  const { rawConfig } = experimental_readRawConfig({ config });
  const vars = rawConfig.vars ?? {};
  return [
    ...placeholders.map(placeholderItem),
    ...settingsToReplace(vars, rawConfig.d1_databases ?? []),
    ...turnstileToConfigure(vars),
    ...servicesToConfigure(vars, rawConfig.routes ?? []),
    ...buildToReplace(root),
  ];
}
