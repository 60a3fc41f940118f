/**
 * A private engagement-letter link (`/engage/{secret}`) made the way the attorney makes one: a cleared inquiry
 * (test/support/consultation-offer.ts), then the first letter template's form previewed and "Make the link to
 * copy" posted with the preview's hidden fields, as the inbox's forms post them. For the budgets and the
 * lab's Lighthouse run, through `private-links.ts`.
 */
import { siteContent } from "../../scripts/lib/site-routes.ts";
import { type Send, clearedInquiry } from "./consultation-offer.ts";

/** The few entities the inbox writes in an attribute's value, read back. */
const unescaped = (value: string) =>
  value.replace(
    /&(quot|#x27|#39|lt|gt|amp);/g,
    (_, name: string) => ({ quot: '"', "#x27": "'", "#39": "'", lt: "<", gt: ">", amp: "&" })[name]!,
  );

/** A new cleared inquiry's engagement letter, its link made to copy; the link's path. */
export async function engagementLetterLink(origin: string, send: Send = fetch): Promise<string> {
  const { inquiry, name, post } = await clearedInquiry(origin, send);
  const template = Object.values(siteContent.engagementLetters)[0]!;
  const form = {
    kind: template.kind,
    ...Object.fromEntries(
      template.fields.map((field) => [`field-${field.name}`, field.prefill === "name" ? name : `Made up: ${field.name}`]),
    ),
    title: "A mural commission",
  };
  const preview = await post(`${inquiry}/engagement/preview`, form);
  if (preview.status !== 200) throw new Error(`the engagement letter's preview: answered ${preview.status}`);
  const sendForm = /<form[^>]* action="[^"]*\/engagement\/send"[^>]*>([\s\S]*?)<\/form>/.exec(preview.text)?.[1] ?? "";
  const hidden = Object.fromEntries(
    Array.from(sendForm.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g), (match) => [match[1]!, unescaped(match[2]!)]),
  );
  const made = await post(`${inquiry}/engagement/send`, { ...hidden, how: "copy" }, "manual");
  const link = made.text.match(/\/engage\/[A-Za-z0-9_-]{43}/);
  if (!link) throw new Error(`no engagement link on the page after "Make the link to copy" (answered ${made.status})`);
  return link[0];
}
