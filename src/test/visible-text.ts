/** Elements whose boundaries separate words on screen; inline elements (a, strong, em, span…) do not. */
const BLOCK_TAGS =
  "address|article|aside|blockquote|br|button|caption|dd|div|dl|dt|figcaption|figure|footer|form|h[1-6]|header|hr|label|li|main|nav|ol|p|section|summary|table|tbody|td|tfoot|th|thead|tr|ul";

/**
 * The text a reader sees in a page's body, in document order, with whitespace collapsed: what stays the
 * same whatever markup produces it. Scripts, styles and attributes are left out.
 */
export function visibleText(html: string): string {
  const body = html.slice(html.indexOf("<body"));
  return decodeEntities(
    body
      .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, " ")
      .replace(new RegExp(`</?(?:${BLOCK_TAGS})\\b[^>]*>`, "gi"), " ")
      .replace(/<[^>]+>/g, ""),
  )
    .replace(/\s+/g, " ")
    .trim();
}

/** The few entities React writes in text and attributes, back to characters. */
export function decodeEntities(text: string): string {
  return text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
