/*
 * The privacy exports as streams, read a page of inquiries at a time as the browser takes them, so an address
 * that sent thousands exports whole without being held in memory.
 */

/** Text pieces as a UTF-8 stream, each piece made when the reader asks for more. */
export function utf8Stream(pieces: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const iterator = pieces[Symbol.asyncIterator]();
  const utf8 = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) return controller.close();
      controller.enqueue(utf8.encode(next.value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/**
 * A JSON document as `JSON.stringify(…, null, 2)` writes it: the members of `head` (at least one), then a last
 * member `key` whose array is written a page at a time.
 */
export async function* jsonPieces(
  head: Readonly<Record<string, unknown>>,
  key: string,
  pages: AsyncIterable<readonly unknown[]>,
): AsyncGenerator<string> {
  yield `${JSON.stringify(head, null, 2).slice(0, -2)},\n  ${JSON.stringify(key)}: [`;
  let first = true;
  for await (const page of pages) {
    if (page.length === 0) continue;
    const items = page.map((item) => `\n    ${JSON.stringify(item, null, 2).replace(/\n/g, "\n    ")}`);
    yield `${first ? "" : ","}${items.join(",")}`;
    first = false;
  }
  yield first ? "]\n}\n" : "\n  ]\n}\n";
}

/** A download's file name: the address as a name may hold it, then the day, e.g. inquiries-ada-example.com-2026-11-28.json. */
export const exportFileName = (what: string, email: string, now: Date, extension: string) =>
  `${what}-${email.toLowerCase().replace(/[^a-z0-9._-]+/g, "-")}-${now.toISOString().slice(0, 10)}.${extension}`;
