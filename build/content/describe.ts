/**
 * What a field of a content file is, in words: the description its schema gives it (src/content/schema).
 * The launch check names each placeholder by it.
 */
import * as z from "zod";
import { type Folder, type SingleFile, folders, singleFiles } from "../../src/content/schema/index.ts";

/** The schema of a file, from its path (content/site.yaml, content/articles/x.md). */
export function schemaOfFile(file: string): z.ZodObject | undefined {
  const path = file.replace(/^(?:.*\/)?content\//, "");
  const single = (Object.values(singleFiles) as readonly SingleFile[]).find((declared) => declared.path === path);
  if (single) return single.schema;
  return (Object.values(folders) as readonly Folder[]).find((declared) => path.startsWith(`${declared.folder}/`))?.schema;
}

/** The schema of a field, by its name as problems.ts writes it (founder.name, careerHighlights.items[2].year). */
export function schemaAt(schema: z.ZodType, field: string): z.ZodType | undefined {
  let current: z.ZodType | undefined = schema;
  for (const [, key, item] of field.matchAll(/\.?([^.[\]]+)|\[(\d+)\]/g)) {
    while (current instanceof z.ZodOptional || current instanceof z.ZodDefault) current = current.unwrap() as z.ZodType;
    if (key !== undefined && current instanceof z.ZodObject) current = current.shape[key] as z.ZodType | undefined;
    else if (item !== undefined && current instanceof z.ZodArray) current = current.element as z.ZodType;
    else return undefined;
  }
  return current;
}

/** The words its schema describes a field with, if it has any. */
export function fieldDescription(file: string, field: string): string | undefined {
  const schema = schemaOfFile(file);
  const target = schema && schemaAt(schema, field);
  return target?.description;
}
