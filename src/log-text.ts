/**
 * A text with the secret of every private link's path taken out: the part after `/book/`, `/engage/` and
 * `/calendar/` (src/worker/app.ts mounts them) is written `{secret}`, so no stored path (the inquiry's "where
 * it came from") can open a client's booking, their engagement letter or the attorney's calendar.
 */
export const withoutLinkSecrets = (text: string): string =>
  text.replace(/(\/|%2f)(book|engage|calendar)(\/|%2f)[^/?#\s]+/gi, "$1$2$3{secret}");

/**
 * Text from a request (its path, decoded by the router) or an error made safe for one log line, the one
 * redaction every logger uses: a private link's secret taken out, in its path (withoutLinkSecrets) and
 * anywhere else it stands alone by its shape (43 base64url characters: src/db/bookings.ts, newLinkToken); and
 * control characters (C0, DEL, C1) and Unicode's line and paragraph separators written as escapes, so a `%0A`
 * in a path cannot start a forged log line, nor a `%1B` send a terminal sequence to whoever reads the log.
 */
export const logText = (text: string): string =>
  withoutLinkSecrets(text)
    .replace(/(?<![\w-])[\w-]{43}(?![\w-])/g, "{secret}")
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (character) => {
      const code = character.charCodeAt(0);
      return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16)}`;
    });
