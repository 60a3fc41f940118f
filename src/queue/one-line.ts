/**
 * A name, title or subject as one line of a header or a text may hold it: control characters (C0, DEL, C1)
 * and Unicode's line and paragraph separators as spaces, runs of white space as one, at most `max` characters.
 */
export const oneLine = (text: string, max = 200): string =>
  text
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max);
