import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { type Folder, type SingleFile, folders, singleFiles } from "../../src/content/schema/index.ts";

/** Every field name of a schema, at every depth. */
function fieldNames(schema: z.ZodType): string[] {
  let inner = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) inner = inner.unwrap() as z.ZodType;
  if (inner instanceof z.ZodArray) return fieldNames(inner.element as z.ZodType);
  if (!(inner instanceof z.ZodObject)) return [];
  return Object.entries(inner.shape).flatMap(([name, field]) => [name, ...fieldNames(field as z.ZodType)]);
}

const readme = readFileSync("content/README.md", "utf8");
const kinds = [
  ...(Object.values(singleFiles) as readonly SingleFile[]).map((file) => [file.path, file.schema] as const),
  ...(Object.values(folders) as readonly Folder[]).map((folder) => [`${folder.folder}/`, folder.schema] as const),
];

describe("content/README.md, the writers' guide", () => {
  it.each(kinds)("explains %s", (where, schema) => {
    expect(readme).toContain(`\`${where}`);
    for (const name of new Set(fieldNames(schema)))
      expect(readme, `${where}: ${name}`).toMatch(new RegExp(`\`[^\`\\n]*\\b${name}\\b[^\`\\n]*\``));
  });
});
