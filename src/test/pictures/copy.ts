/** Writes the copy of content/ with the pictures of ./pictures.ts added as files: for vitest.config.ts, in Node. */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { contentCopy } from "../../../build/content/fixture-copy.ts";
import { testPicture } from "../../../build/content/test-pictures.ts";
import { singleFiles } from "../../content/schema/index.ts";
import { added } from "./pictures.ts";

/** A Markdown file with a picture field added at the top of its frontmatter, as a writer would add it. */
const withField = (file: string, name: string, picture: { src: string; alt: string }) =>
  file.replace(/^---\n/, `---\n${name}:\n  src: ${picture.src}\n  alt: "${picture.alt}"\n`);

/** A copy of `from` whose attorney page has a portrait and whose first article (by file name) a cover. */
export async function picturedContentCopy(from: string): Promise<string> {
  const read = (path: string) => readFileSync(join(from, path), "utf8");
  const article = `articles/${readdirSync(join(from, "articles"))
    .filter((name) => name.endsWith(".md"))
    .sort()[0]!}`;
  return contentCopy(from, {
    [added.photo.src]: await testPicture(added.photo.width, added.photo.height, "jpeg", 1),
    [added.cover.src]: await testPicture(added.cover.width, added.cover.height, "jpeg", 2),
    [singleFiles.attorney.path]: withField(read(singleFiles.attorney.path), "photo", added.photo),
    [article]: withField(read(article), "cover", added.cover),
  });
}
