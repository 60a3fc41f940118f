import { workerStartupModules } from "../scripts/lib/worker-startup.ts";
import { expect, test } from "./fixtures.ts";

/*
 * What every new isolate parses and runs before its first answer (the built Worker's entry and the chunks it
 * imports statically) is the document every page shares, the error pages and the contact API's guards.
 * Each kind of page, the inquiry inbox, the contact submission (schema, database), the queue consumer and the
 * cron trigger are loaded by their first use; the page, inbox, contact form and e-mail tests show they work.
 */

/** Code that only one kind of page, the inbox, a contact submission, the queue or the cron trigger runs. */
const LOADED_ON_FIRST_USE = [
  /^src\/pages\/(?!(index|props|NotFoundPage|ServerErrorPage)\.tsx?$)/,
  /^src\/islands\/(ContactForm|ArticleCarousel|CredentialsAccordion)\.tsx$/,
  /^node_modules\/@zag-js\/(toast|carousel|accordion)\//,
  /^node_modules\/(jose|drizzle-orm|zod|mimetext)\//,
  /^src\/admin\/(?!policy\.ts$)/,
  // The error pages log through error-summary.ts: a few lines, no database code.
  /^src\/db\/(?!error-summary\.ts$)/,
  /^src\/queue\//,
  /^src\/contact\/schema\.ts$/,
  /^src\/worker\/api\/contact-submission\.ts$/,
];

test("a new isolate loads the shared document, not each page, the inbox, the contact submission, the queue or e-mail", () => {
  const startup = workerStartupModules();
  expect(startup.sources, "the source maps were read").toContain("src/worker/render.tsx");
  expect(startup.sources.filter((source) => LOADED_ON_FIRST_USE.some((pattern) => pattern.test(source)))).toEqual([]);
});
