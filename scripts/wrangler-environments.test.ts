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
  d1_databases: { binding: string; database_name: string; database_id: string; migrations_dir: string }[];
  queues: { producers?: { binding: string; queue: string }[]; consumers?: { queue: string; dead_letter_queue?: string }[] };
  ratelimits: { name: string; namespace_id: string; simple: unknown }[];
  send_email: { name: string }[];
  triggers: { crons?: string[] };
}

const production = unstable_readConfig({ config: "wrangler.toml" }) as WorkerConfig;
const preview = unstable_readConfig({ config: "wrangler.toml", env: "preview" }) as WorkerConfig;

describe("the production Worker", () => {
  it("has no workers.dev address and no preview URLs", () => {
    expect(production.workers_dev).toBe(false);
    expect(production.preview_urls).toBe(false);
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
    expect(db!.database_id).not.toBe(live!.database_id);
    expect(db!.migrations_dir).toBe(live!.migrations_dir);
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
    expect(preview.ratelimits[0]!.namespace_id).not.toBe(production.ratelimits[0]!.namespace_id);
    expect(preview.ratelimits[0]!.simple).toEqual(production.ratelimits[0]!.simple);
    expect(preview.send_email.map((binding) => binding.name)).toEqual(production.send_email.map((binding) => binding.name));
    expect(preview.triggers.crons).toEqual(production.triggers.crons);
  });
});

describe("in both", () => {
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
