/**
 * Fills the `{name}` slots of a text from content/ (src/content/schema/fields.ts, `template`) with values
 * taken literally: a value is never read as a pattern, whatever characters it holds.
 */
export const fillSlots = (text: string, values: Readonly<Record<string, string>>): string =>
  text.replace(/(?<!\{)\{(\w+)\}(?!\})/g, (slot, name: string) => values[name] ?? slot);
