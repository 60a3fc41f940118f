/**
 * Text from a request (its path, decoded by the router) made safe for one log line: control characters (C0,
 * DEL, C1) and Unicode's line and paragraph separators are written as escapes, so a `%0A` in a path cannot
 * start a forged log line, nor a `%1B` send a terminal sequence to whoever reads the log.
 */
export const logText = (text: string): string =>
  text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (character) => {
    const code = character.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16)}`;
  });
