import { env } from "cloudflare:workers";

/** The triggers that keep an engagement record as it was written (migrations 0011 to 0013). */
const RECORD_TRIGGERS = [
  "engagement_events_append_only",
  "engagement_events_kept",
  "engagement_letters_fixed",
  "engagement_letters_signed_once",
];

/**
 * Runs `change` on the test database as someone with direct access to it could: the engagement record's
 * triggers dropped meanwhile, and put back as they were after, whatever `change` did.
 */
export async function asInsider(change: () => Promise<unknown>): Promise<void> {
  const triggers = await Promise.all(
    RECORD_TRIGGERS.map(async (name) => {
      const sql = await env.DB.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?1")
        .bind(name)
        .first<string>("sql");
      if (!sql) throw new Error(`no trigger ${name}`);
      return { name, sql };
    }),
  );
  for (const { name } of triggers) await env.DB.prepare(`DROP TRIGGER ${name}`).run();
  try {
    await change();
  } finally {
    for (const { sql } of triggers) await env.DB.prepare(sql).run();
  }
}
