/*
 * Header values written within the standards, whatever their length or script: RFC 5322 allows 998 octets a
 * line and recommends 78 characters; RFC 2047 allows an encoded-word 75 characters and asks that one never
 * split a character. mimetext writes each header as one line with one encoded-word, so a long name breaks
 * both limits; these values are folded instead.
 */

const MAX_LINE = 78;
const MAX_WORD = 75;
const FOLD = "\r\n ";
/** "=?utf-8?B?" and "?=" around the base64 text. */
const WORD_OVERHEAD = 12;

const utf8 = new TextEncoder();

/** The most UTF-8 bytes an encoded-word holds when it may take `room` characters (base64: 3 bytes in 4). */
const bytesFitting = (room: number) => Math.floor((Math.min(room, MAX_WORD) - WORD_OVERHEAD) / 4) * 3;

const encodedWord = (bytes: number[]) => `=?utf-8?B?${btoa(String.fromCharCode(...bytes))}?=`;

/**
 * `text` as base64 encoded-words for the header `name` (a short one, like Subject or Reply-To): the first
 * word fits on the line after "Name: ", each further word starts a continuation line, and no word splits a
 * character. `after` (e.g. " <ada@example.com>") follows the last word, on a continuation line of its own if
 * it does not fit there; an address cannot be folded, so a very long one passes 78 characters, never 998.
 */
export function foldedHeaderValue(name: string, text: string, after = ""): string {
  const words: string[] = [];
  let room = MAX_LINE - `${name}: `.length;
  let bytes: number[] = [];
  for (const character of text) {
    const encoded = utf8.encode(character);
    if (bytes.length + encoded.length > bytesFitting(room)) {
      words.push(encodedWord(bytes));
      bytes = [];
      room = MAX_LINE - " ".length;
    }
    bytes.push(...encoded);
  }
  if (bytes.length > 0) words.push(encodedWord(bytes));
  if (words.length === 0) return after.trimStart();

  const lastLine = (words.length === 1 ? `${name}: ` : " ").length + words.at(-1)!.length;
  const tail = after === "" || lastLine + after.length <= MAX_LINE ? after : `${FOLD}${after.trimStart()}`;
  return words.join(FOLD) + tail;
}
