import { workerStartupModules } from "../scripts/lib/worker-startup.ts";
import { expect, test } from "./fixtures.ts";

/*
 * What every new isolate parses and runs before its first answer (the built Worker's entry and the chunks it
 * imports statically) is the pages and the contact API's guards. The inquiry inbox, the contact submission
 * (schema, database), the queue consumer and the cron trigger are loaded by their first use; the tests of
 * the inbox, the contact form and the e-mail show they still work.
 */

/** Code that only the inbox, a contact submission, the queue or the cron trigger runs. */
const LOADED_ON_FIRST_USE = [
  /^node_modules\/(jose|drizzle-orm|zod|mimetext)\//,
  /^src\/admin\/(?!policy\.ts$)/,
  /^src\/db\//,
  /^src\/queue\//,
  /^src\/contact\/schema\.ts$/,
  /^src\/worker\/api\/contact-submission\.ts$/,
];

test("a new isolate loads the pages, not the inbox, the contact submission, the queue or e-mail", () => {
  const startup = workerStartupModules();
  expect(startup.sources, "the source maps were read").toContain("src/worker/render.tsx");
  expect(startup.sources.filter((source) => LOADED_ON_FIRST_USE.some((pattern) => pattern.test(source)))).toEqual([]);
});
