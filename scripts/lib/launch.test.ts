import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checklist, isReservedDomain, launchItems, settingsToReplace } from "./launch.ts";

const live = { SITE_ORIGIN: "https://studio-law.com", NOTIFY_FROM: "website@studio-law.com", NOTIFY_TO: "inbox@studio-law.com" };
const database = [{ binding: "DB", database_id: "4f6c8a2e-91b3-4d57-a0e6-2c8b1d9f7e35" }];

describe("reserved domains", () => {
  it.each(["meridian-creative-law.example", "example.com", "www.example.org", "site.test", "x.invalid", "localhost", "printer.local"])(
    "%s is one",
    (host) => {
      expect(isReservedDomain(host)).toBe(true);
    },
  );
  it.each(["studio-law.com", "example-law.com", "examples.org", "law.example.co"])("%s is not", (host) => {
    expect(isReservedDomain(host)).toBe(false);
  });
});

describe("production settings", () => {
  it("pass when they name real domains and a real database", () => {
    expect(settingsToReplace(live, database)).toEqual([]);
  });

  it("are listed while the origin, either address or the database id is a placeholder", () => {
    const items = settingsToReplace(
      { SITE_ORIGIN: "https://meridian-creative-law.example", NOTIFY_FROM: "website@example.com", NOTIFY_TO: "nobody" },
      [{ binding: "DB", database_id: "00000000-0000-4000-8000-000000000000" }],
    );
    expect(items.map((item) => item.text.split(" ")[0])).toEqual(["SITE_ORIGIN", "NOTIFY_FROM", "NOTIFY_TO", "database_id"]);
    expect(items.every((item) => item.where === "wrangler.toml")).toBe(true);
  });
});

describe("npm run launch-check", () => {
  it("lists every placeholder of the content and every example setting, and fails", async () => {
    const result = spawnSync(process.execPath, ["scripts/launch-check.ts"], { encoding: "utf8" });
    const items = await launchItems();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Not ready to launch: ${items.length} things to replace first.`);
    for (const expected of [
      "the practice's name",
      "the founder's full name",
      "career highlight 5: the year",
      "the founder's biography",
      "SITE_ORIGIN",
      "NOTIFY_FROM",
      "NOTIFY_TO",
      "database_id",
      "TURNSTILE_SITE_KEY is empty",
      "wrangler secret put TURNSTILE_SECRET_KEY",
    ]) {
      expect(result.stderr).toContain(expected);
    }
  });

  it("is what README's Before launch checklist shows", async () => {
    const readme = readFileSync("README.md", "utf8");
    const listed = /<!-- launch-check:start -->\n([\s\S]*?)\n<!-- launch-check:end -->/.exec(readme)?.[1];
    expect(listed).toBe(checklist(await launchItems()));
  });

  it("runs first in npm run deploy, which stops before building while anything is left", () => {
    const deploy = JSON.parse(readFileSync("package.json", "utf8")).scripts.deploy as string;
    expect(deploy.startsWith("npm run launch-check && ")).toBe(true);
  });
});
