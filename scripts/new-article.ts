/**
 * `npm run new:article -- "The Article's Title"`: writes content/articles/<slug>.md, a draft dated today
 * (Seattle time) that already passes the build's checks. Fill it in, preview it with `npm run start:drafts`,
 * then set `status: published`.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { articleScaffold } from "../build/content/scaffold.ts";

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const title = process.argv.slice(2).join(" ").trim();
if (!title) fail('usage: npm run new:article -- "The Article\'s Title"');

/** The file name and address: "Law & the Artist's Studio" → law-the-artists-studio. */
const slug = title
  .normalize("NFKD")
  .replace(/[\u0300-\u036f]/g, "")
  .toLowerCase()
  .replace(/['’]/g, "")
  .replace(/[^a-z0-9]+/g, "-")
  .replace(/^-+|-+$/g, "");
if (!slug) fail(`"${title}" has no letters or digits to make an address from`);

const folder = join(process.cwd(), "content", "articles");
const path = join(folder, `${slug}.md`);
if (existsSync(path)) fail(`${relative(process.cwd(), path)} already exists: choose another title, or edit that file`);

// The practice is in Seattle: "today" is the date there.
const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date());
mkdirSync(folder, { recursive: true });
writeFileSync(path, articleScaffold(title, today));
console.log(`Wrote ${relative(process.cwd(), path)}, a draft dated ${today}.
Write it, see it with \`npm run start:drafts\` (http://localhost:8787/blog/${slug}),
and set \`status: published\` when it is ready (see "Publishing" in README.md).`);
