/**
 * For vitest.config.ts, in Node: the site with one more contact field, made the way the field list
 * promises a field is added (src/contact/fields.ts): one entry in a copy of the list, a migration that adds
 * its column, and its words on the contact page. src/contact/every-field.test.ts then runs on it unchanged
 * (project `extra-field`). The words are added to the compiled content rather than to a file: the content
 * build checks contact.yaml against the real list, which build/content's tests cover.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { D1Migration } from "@cloudflare/vitest-plugin";
import type { Plugin } from "vite";
import type { SiteContent } from "../../content/collections.ts";

const FIELDS = resolve(import.meta.dirname, "../../contact/fields.ts");
const ENTRY = `  { name: "referral", kind: "line", required: false, maxLength: 160, inboxLabel: "Heard of us through" },\n`;

/** The copy of the field list, with the extra entry last; it imports nothing, so it works from anywhere. */
function fieldsCopy(): string {
  const source = readFileSync(FIELDS, "utf8");
  const end = source.indexOf("] as const satisfies readonly ContactFieldSpec[];");
  if (end === -1) throw new Error(`${FIELDS}: the field list's end was not found`);
  const path = join(mkdtempSync(join(tmpdir(), "extra-field-")), "fields.ts");
  writeFileSync(path, `${source.slice(0, end)}${ENTRY}${source.slice(end)}`);
  return path;
}

/** Resolves every import of the field list to the copy. */
export function extraFieldList(): Plugin {
  const copy = fieldsCopy();
  return {
    name: "extra-field-list",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!source.endsWith("fields.ts")) return undefined;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === FIELDS ? copy : undefined;
    },
  };
}

/** The compiled content with the contact page's words for the extra field. */
export function withExtraFieldWords(content: SiteContent): SiteContent {
  const { contact } = content.pages;
  const fields = { ...contact.fields, referral: { label: "How did you hear of us?", placeholder: "A friend, a workshop, a search" } };
  return { ...content, pages: { ...content.pages, contact: { ...contact, fields } } };
}

/** The extra field's column, as `npm run db:generate` would write it. */
export const extraFieldMigration: D1Migration = {
  name: "9999_extra_field.sql",
  queries: ["ALTER TABLE `contact_submissions` ADD `referral` text;"],
};
