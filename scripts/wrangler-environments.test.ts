import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import { DEAD_LETTER_SUFFIX } from "../src/queue/queues.ts";

/*
 * wrangler.toml's two Workers (docs/security.md, "Previews"): production, reached through its own domain
 * only, and the preview environment, a Worker of its own whose bindings never reach production's data.
 */

/** What these tests read of wrangler's resolved configuration (its own types do not resolve here). */
interface WorkerConfig {
  name: string;
  workers_dev: boolean;
  preview_urls: boolean;
  vars: Record<string, unknown>;
  d1_databases: { binding: string; database_name: string; database_id?: string; migrations_dir: string }[];
  queues: { producers?: { binding: string; queue: string }[]; consumers?: { queue: string; dead_letter_queue?: string }[] };
  ratelimits: { name: string; namespace_id: string; simple: unknown }[];
  send_email: { name: string }[];
  triggers: { crons?: string[] };
  routes?: { pattern: string; custom_domain?: boolean }[];
  observability?: { enabled?: boolean; logs?: { invocation_logs?: boolean } };
  secrets?: { required?: string[] };
}

const production = unstable_readConfig({ config: "wrangler.toml" }) as WorkerConfig;
const preview = unstable_readConfig({ config: "wrangler.toml", env: "preview" }) as WorkerConfig;

describe("the production Worker", () => {
  it("has no workers.dev address and no preview URLs: SITE_ORIGIN's host is its Custom Domain", () => {
    expect(production.workers_dev).toBe(false);
    expect(production.preview_urls).toBe(false);
    expect(production.routes).toEqual([{ pattern: new URL(String(production.vars.SITE_ORIGIN)).host, custom_domain: true }]);
  });

  it("requires every secret it reads in production, and none a developer's machine alone has", () => {
    expect(production.secrets?.required?.sort()).toEqual([
      "ATTORNEY_CALENDAR_URL",
      "BACKUP_KEY",
      "CMS_GITHUB_APP_PRIVATE_KEY",
      "TURNSTILE_SECRET_KEY",
    ]);
    expect(production.vars.ADMIN_LOCAL_SIGNING_KEY).toBe("");
  });
});

describe("both Workers' logs", () => {
  it("keep the Worker's own lines and no invocation log, which would record a private link's URL", () => {
    for (const worker of [production, preview]) {
      expect(worker.observability?.enabled).toBe(true);
      expect(worker.observability?.logs?.invocation_logs).toBe(false);
    }
  });
});

describe("the preview environment", () => {
  it("is a Worker of its own, with its workers.dev address and preview URLs", () => {
    expect(preview.name).not.toBe(production.name);
    expect(preview.workers_dev).toBe(true);
    expect(preview.preview_urls).toBe(true);
  });

  it("sets every variable production sets, points canonical URLs at the live site, and has no inbox", () => {
    expect(Object.keys(preview.vars).sort()).toEqual(Object.keys(production.vars).sort());
    expect(preview.vars.SITE_ORIGIN).toBe(production.vars.SITE_ORIGIN);
    for (const name of ["ACCESS_TEAM_DOMAIN", "ACCESS_AUD", "ADMIN_EMAILS"]) expect(preview.vars[name], name).toBe("");
    expect(preview.vars.NOTIFY_TO).not.toBe(production.vars.NOTIFY_TO);
  });

  it("has a D1 database of its own, migrated from the same migrations", () => {
    const [db] = preview.d1_databases;
    const [live] = production.d1_databases;
    expect(db!.binding).toBe(live!.binding);
    expect(db!.database_name).not.toBe(live!.database_name);
    expect(db!.migrations_dir).toBe(live!.migrations_dir);
  });

  it("has no Custom Domain, and requires only the backups' key", () => {
    expect(preview.routes ?? []).toEqual([]);
    expect(preview.secrets?.required).toEqual(["BACKUP_KEY"]);
  });

  it("has queues and a rate limiter of its own, shaped like production's", () => {
    const queues = (config: WorkerConfig) => [
      ...(config.queues.producers ?? []).map((producer) => producer.queue),
      ...(config.queues.consumers ?? []).map((consumer) => consumer.queue),
    ];
    for (const queue of queues(preview)) expect(queues(production), queue).not.toContain(queue);
    expect(preview.queues.producers?.map((producer) => producer.binding)).toEqual(
      production.queues.producers?.map((producer) => producer.binding),
    );
    expect(preview.ratelimits.map((limit) => limit.name)).toEqual(production.ratelimits.map((limit) => limit.name));
    // A namespace is one counter for every Worker of an account that names it: each limiter has its own.
    const namespaces = [...production.ratelimits, ...preview.ratelimits].map((limit) => limit.namespace_id);
    expect(new Set(namespaces).size).toBe(namespaces.length);
    expect(preview.ratelimits.map((limit) => limit.simple)).toEqual(production.ratelimits.map((limit) => limit.simple));
    expect(preview.send_email.map((binding) => binding.name)).toEqual(production.send_email.map((binding) => binding.name));
    expect(preview.triggers.crons).toEqual(production.triggers.crons);
  });
});

describe("in both", () => {
  it.each([
    ["production", production],
    ["preview", preview],
  ])("%s names its D1 database by name only, for the first deploy to create it", (_name, config) => {
    for (const database of config.d1_databases) expect(database.database_id, database.binding).toBeUndefined();
  });

  it.each([
    ["production", production],
    ["preview", preview],
  ])("%s sends to every queue it consumes, so that a deploy creates each (the dead-letter queue too)", (_name, config) => {
    const produced = (config.queues.producers ?? []).map((producer) => producer.queue);
    for (const consumer of config.queues.consumers ?? []) expect(produced, consumer.queue).toContain(consumer.queue);
  });

  it.each([
    ["production", production],
    ["preview", preview],
  ])("%s's dead-letter queue is named as the consumer recognises it, and is consumed", (_name, config) => {
    const consumers = config.queues.consumers ?? [];
    const deadLetters = consumers.flatMap((consumer) => (consumer.dead_letter_queue ? [consumer.dead_letter_queue] : []));
    expect(deadLetters.length).toBeGreaterThan(0);
    for (const queue of deadLetters) {
      expect(queue.endsWith(DEAD_LETTER_SUFFIX), queue).toBe(true);
      expect(consumers.map((consumer) => consumer.queue)).toContain(queue);
    }
    for (const consumer of consumers.filter((consumer) => !deadLetters.includes(consumer.queue)))
      expect(consumer.queue.endsWith(DEAD_LETTER_SUFFIX), consumer.queue).toBe(false);
  });
});
