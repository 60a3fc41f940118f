import { type D1Migration, cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import type { Plugin } from "vite";
import type { SiteContent } from "./src/content/collections.ts";
import { defineConfig } from "vitest/config";
import { clientAssets } from "./build/client-assets.ts";
import { cmsModule } from "./build/cms/vite-plugin.ts";
import { contentCopy } from "./build/content/fixture-copy.ts";
import { content } from "./build/content/vite-plugin.ts";
import { fixtureFiles } from "./src/test/content-fixture/files.ts";
import { extraFieldList, extraFieldMigration, withExtraFieldWords } from "./src/test/extra-field/extra-field.ts";
import { madeUpArticleFiles } from "./src/test/many-articles/articles.ts";
import { picturedContentCopy } from "./src/test/pictures/copy.ts";
import { editedContentCopy } from "./src/test/site/edited-copy.ts";

/** The frozen content of the specification (test/fixtures/README.md): what the Worker's own tests render. */
const SEED = "test/fixtures/seed-content";

/**
 * A bound for a hung test, not a timing goal: `npm test` runs these tests beside the browser tests, and on
 * two busy cores a test that takes one second alone can take several.
 */
const HUNG_TEST_MS = 30_000;

/**
 * Tests inside workerd with the real bindings of wrangler.toml (local D1, migrated; queues; send_email), the
 * site built from `contentDir`; `extra` adds plugins and migrations.
 */
const workerd = async (
  name: string,
  include: string[],
  exclude: string[],
  contentDir: string,
  extra: {
    plugins?: Plugin[];
    migrations?: D1Migration[];
    bindings?: Record<string, string>;
    adjust?: (content: SiteContent) => SiteContent;
  } = {},
) => ({
  plugins: [
    ...(extra.plugins ?? []),
    clientAssets(),
    cmsModule(),
    content({ dir: contentDir, adjust: extra.adjust }),
    cloudflareTest(async () => ({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        // Databases of their own for the tests that apply the migrations step by step (src/db/migrations.test.ts)
        // and that restore a backup into an empty database (src/backup/backup.test.ts).
        d1Databases: ["MIGRATIONS_DB", "RESTORE_DB"],
        bindings: { TEST_MIGRATIONS: [...(await readD1Migrations("migrations")), ...(extra.migrations ?? [])], ...extra.bindings },
      },
    })),
  ],
  test: {
    name,
    include,
    exclude,
    setupFiles: ["./src/test/apply-migrations.ts"],
    // A project's files share one module graph and one D1 in workerd: a fresh graph for every file cost about
    // 3 core-seconds a file, most of the Worker tests' CPU (docs/contributing.md). No test stubs a global or
    // mocks a module, and the tests pass with their files in shuffled orders.
    isolate: false,
    testTimeout: HUNG_TEST_MS,
  },
});

const fixtureTests = "src/test/content-fixture/*.test.ts";
const siteTests = "src/test/site/site.test.ts";
const editsTests = "src/test/site/edits.test.ts";
const everyFieldTests = "src/contact/every-field.test.ts";
const manyArticlesTests = "src/test/many-articles/*.test.ts";
const picturesTests = "src/test/pictures/*.test.ts";

export default defineConfig({
  test: {
    projects: [
      await workerd(
        "worker",
        ["src/**/*.test.{ts,tsx}"],
        ["src/**/*.node.test.ts", fixtureTests, siteTests, editsTests, manyArticlesTests, picturesTests],
        SEED,
      ),
      // The seed with fixture files added: one file in, everywhere it belongs (src/test/content-fixture).
      await workerd("content-fixture", [fixtureTests], [], contentCopy(SEED, fixtureFiles)),
      // The practice's own content/, whatever it holds: what every page must be, derived from it.
      await workerd("site", [siteTests], [], "content"),
      // The same, after a writer's ordinary day (src/test/site/edits.ts): publishing never breaks a test.
      await workerd("content-edits", [siteTests, editsTests], [], editedContentCopy("content")),
      // content/ with a portrait and a cover added as files, with no code change (src/test/pictures).
      await workerd("pictures", [picturesTests], [], await picturedContentCopy("content")),
      // A practice that has written for years: the seed with 60 more articles (src/test/many-articles).
      await workerd("many-articles", [manyArticlesTests], [], contentCopy(SEED, madeUpArticleFiles(60))),
      // One more contact field, added as the field list says (src/test/extra-field): every place takes it.
      await workerd("extra-field", [everyFieldTests], [], SEED, {
        plugins: [extraFieldList()],
        adjust: withExtraFieldWords,
        migrations: [extraFieldMigration],
        bindings: { EXTRA_CONTACT_FIELD: "referral" },
      }),
      // The content build and the product's scripts, in Node.
      {
        test: {
          name: "build",
          environment: "node",
          include: ["build/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
          testTimeout: HUNG_TEST_MS,
        },
      },
      // The invitations and the feed the site writes, read by a second parser that runs only in Node (node-ical);
      // ical.js reads them in workerd.
      { test: { name: "calendars", environment: "node", include: ["src/booking/**/*.node.test.ts"], testTimeout: HUNG_TEST_MS } },
      // What the project says of itself (its READMEs and docs/), in Node.
      { test: { name: "docs", environment: "node", include: ["test/docs.test.ts"], testTimeout: HUNG_TEST_MS } },
      // The performance lab's own libraries (bench/), in Node.
      { test: { name: "bench", environment: "node", include: ["bench/**/*.test.ts"], testTimeout: HUNG_TEST_MS } },
    ],
  },
});
