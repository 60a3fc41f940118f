import { defineConfig, devices } from "@playwright/test";
import { servers } from "./e2e/servers.ts";
import { headlessShell } from "./test/support/chromium.ts";

/** Files whose behaviour depends on the window's width run at a phone's width too; the rest run once. */
const widthDependent = ["accessibility", "admin", "budget", "home", "hydration", "page-styles", "shell"].map((name) => `**/${name}.e2e.ts`);

/**
 * Browser tests against the built site under `wrangler dev` (fresh local D1, queue and e-mail capture),
 * in Debian's Chromium (test/support/chromium.ts): test tools cannot download browsers here. `npm test`
 * builds before running them. Two servers: the plain build for every test, and the build behind the fault
 * shim for the inbox's test, which needs a notification that fails (see e2e/servers.ts).
 */
export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.e2e.ts",
  fullyParallel: true,
  // Three on two cores: a test in the headless shell leaves the CPU idle part of the time (npm test took 447 s
  // with two, 410 s with three: docs/contributing.md).
  workers: 3,
  retries: 0,
  // Bounds for a state that never comes, not timing goals: `npm test` runs these tests beside the Worker's
  // tests and the reliability run's load on two cores, where a page can take seconds to reach a state it
  // reaches at once alone.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: servers.site.url,
    // Files about the browser's own behaviour launch the full browser instead (test/support/chromium.ts).
    launchOptions: headlessShell,
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } } },
    { name: "phone", use: { ...devices["Pixel 7"] }, testMatch: widthDependent },
  ],
  webServer: Object.values(servers).map(({ port, url, script }) => ({
    command: "npm run start:e2e",
    env: { PORT: String(port), SERVE: script },
    url: `${url}/`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  })),
});
