/**
 * A line this long or longer, followed by another line of the same paragraph, was wrapped by whoever wrote
 * the file: a mail program, a browser or the signed PDF wraps a paragraph to its own width, so it is kept as
 * one line. Shorter lines (a signature, an address) keep their breaks.
 */
const WRAPPED_LINE = 60;

/**
 * The text with each wrapped paragraph on one line; blank lines and short lines as written. The inbox's
 * letters are sent this way (src/admin/shared/mail-links.ts), and the engagement letters compiled this way (build/content).
 */
export function unwrapParagraphs(text: string): string {
  const out: string[] = [];
  let wrapped = false;
  for (const line of text.replace(/\r\n?/g, "\n").split("\n")) {
    if (wrapped && line.trim() !== "") out[out.length - 1] = `${out.at(-1)!.trimEnd()} ${line.trim()}`;
    else out.push(line);
    wrapped = line.trim() !== "" && line.trimEnd().length >= WRAPPED_LINE;
  }
  return out.join("\n");
}
