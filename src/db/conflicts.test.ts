import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { clearSubmissions, storeSubmissions } from "../test/submissions.ts";
import { database } from "./client.ts";
import { conflictQuery } from "./conflict-names.ts";
import { addClient, addMatter, addParty, editClient, editParty } from "./register.ts";
import {
  CONFLICT_MATCHES_MAX,
  backfillConflictKeys,
  inGroupsOfWords,
  searchConflicts,
  groupCandidates,
  groupMatches,
} from "./conflicts.ts";

const db = database(env.DB);
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1) + minute * 60_000);

beforeEach(clearSubmissions);

/** Stores `count` inquiries a minute apart from `from` on; returns their ids, oldest first. */
const store = (count: number, from: number, fields: { name?: string; organization?: string; parties?: string }) =>
  storeSubmissions(
    Array.from({ length: count }, (_, i) => ({ createdAt: at(from + i), overrides: { name: `Visitor ${from + i}`, ...fields } })),
  );

describe("the conflict search", () => {
  it("lists at most its maximum, the newest first, when a common word matches more", async () => {
    const ids = await store(CONFLICT_MATCHES_MAX + 60, 0, { organization: "Northwind Studio" });
    const matches = await searchConflicts(db, conflictQuery("Studio")!);
    expect(matches.map((match) => match.id)).toEqual(ids.reverse().slice(0, CONFLICT_MATCHES_MAX));
  });

  it("reads on past candidates that turn out not to match, down to the oldest inquiry", async () => {
    // Keys missing (rows stored before they existed) make every such row a candidate SQL cannot rule out.
    const oldest = await store(2, 0, { parties: "Zoë Ōtani" });
    await store(600, 10, {});
    await env.DB.exec("UPDATE contact_submissions SET conflict_keys = NULL");
    const matches = await searchConflicts(db, conflictQuery("Zoe Otani")!);
    expect(matches.map((match) => match.id)).toEqual([...oldest].reverse());
    expect(matches[0]!.parts.length).toBeGreaterThan(0);
  });
});

describe("keys for rows stored before they existed", () => {
  it("are filled in a batch at a time, each row as a new one would have them", async () => {
    await store(3, 0, { parties: "Zoë Ōtani" });
    const stored = await env.DB.prepare("SELECT id, conflict_keys FROM contact_submissions ORDER BY id").all();
    expect(stored.results.every((row) => typeof row.conflict_keys === "string")).toBe(true);
    await env.DB.exec("UPDATE contact_submissions SET conflict_keys = NULL");

    expect(await backfillConflictKeys(db, 2)).toBe(2);
    expect(await backfillConflictKeys(db, 2)).toBe(1);
    expect(await backfillConflictKeys(db, 2)).toBe(0);
    expect((await env.DB.prepare("SELECT id, conflict_keys FROM contact_submissions ORDER BY id").all()).results).toEqual(stored.results);
  });
});

describe("several names searched at once, as a check runs them", () => {
  /** What each name's own search finds, to compare with the names searched together. */
  const alone = (texts: string[], limit: number) => Promise.all(texts.map((text) => searchConflicts(db, conflictQuery(text)!, { limit })));
  /** The names' matches as a check reads them: each group's candidates in one read. */
  const together = async (texts: string[], limit: number) => {
    const found = [];
    for (const group of inGroupsOfWords(texts.map((text) => conflictQuery(text)!)))
      found.push(...(await groupMatches(db, group, await groupCandidates(db, group), limit)));
    return found;
  };

  it("finds for each name what its own search finds, in one read while the candidates are few", async () => {
    await store(3, 0, { organization: "Northwind Studio", parties: "Zoë Ōtani" });
    await store(2, 10, { name: "Ada Lovelace" });
    const texts = ["Northwind", "Zoe Otani", "Ada Lovelace", "visitor 11", "Nobody"];
    expect(await together(texts, 4)).toEqual(await alone(texts, 4));
  });

  it("falls back to each name's own search when a common word brings more candidates than one read takes", async () => {
    await store(520, 0, { organization: "Northwind Studio" });
    await store(1, 600, { parties: "Zoë Ōtani" });
    const texts = ["Studio", "Zoe Otani"];
    const found = await together(texts, 27);
    expect(found).toEqual(await alone(texts, 27));
    expect(found.map((matches) => matches.length)).toEqual([27, 1]);
  });

  it("splits a long list of names into reads that bind no more values than D1 takes", async () => {
    const texts = Array.from({ length: 40 }, (_, i) => `Party ${i} of the second part`);
    expect(inGroupsOfWords(texts.map((text) => conflictQuery(text)!)).map((group) => group.length)).toEqual([13, 13, 13, 1]);
    await store(1, 0, { parties: texts.join("\n") });
    const found = await together(texts, 5);
    expect(found).toEqual(await alone(texts, 5));
    expect(found.every((matches) => matches.length === 1)).toBe(true);
  });
});

describe("the names a check compares with, counted by triggers", () => {
  /** The counts as name_counts keeps them, and as counting every row again gives them. */
  async function counts() {
    const kept = await env.DB.prepare("SELECT source, names FROM name_counts ORDER BY source").all<{ source: string; names: number }>();
    const recount = await env.DB.prepare(
      `SELECT (SELECT coalesce(sum(length(conflict_keys) - length(replace(conflict_keys, '|', '')) - 1), 0) FROM contact_submissions WHERE conflict_keys IS NOT NULL) AS inquiries,
        (SELECT count(*) + count(email) FROM register_clients) + (SELECT count(*) FROM register_parties) AS register`,
    ).first<{ inquiries: number; register: number }>();
    return { kept: Object.fromEntries(kept.results.map((row) => [row.source, row.names])), recount };
  }

  it("stay equal to a count of every row through inquiries stored, rekeyed and deleted, and register changes", async () => {
    const actor = { by: "attorney@example.com", now: new Date() };
    const [first] = await store(3, 0, { organization: "Northwind Studio", parties: "Zoë Ōtani\nAcme" });
    const client = await addClient(db, { name: "Ortiz Murals", email: "studio@ortiz.example" }, actor);
    await addMatter(db, client, { title: "Mural", status: "current", parties: [{ name: "Vale Paper", role: "adverse" }] }, actor);
    await editClient(db, client, { name: "Ortiz Murals", email: null }, actor);
    await env.DB.prepare("UPDATE contact_submissions SET conflict_keys = NULL WHERE id = ?").bind(first).run();
    await backfillConflictKeys(db);
    await env.DB.prepare("DELETE FROM contact_submissions WHERE id = ?").bind(first).run();
    const { kept, recount } = await counts();
    expect(recount!.inquiries).toBeGreaterThan(0);
    expect(kept).toEqual({ inquiries: recount!.inquiries, register: recount!.register });
    await clearSubmissions();
    expect((await counts()).kept).toEqual({ inquiries: 0, register: 0 });
  });
});

describe("the conflict index, written by triggers", () => {
  /** The index as stored, and as every entry's keys give it read again here. */
  async function index() {
    const stored = await env.DB.prepare("SELECT source, entry_id, word FROM conflict_words").all<{
      source: string;
      entry_id: string;
      word: string;
    }>();
    const keys = await env.DB.prepare(
      `SELECT 'inquiry' AS source, id, conflict_keys AS keys FROM contact_submissions WHERE conflict_keys IS NOT NULL
        UNION ALL SELECT 'client', id, keys FROM register_clients UNION ALL SELECT 'party', id, keys FROM register_parties`,
    ).all<{ source: string; id: string; keys: string }>();
    const words = keys.results.flatMap(({ source, id, keys }) =>
      [...new Set(keys.split(/[ |]+/).filter(Boolean))].map((word) => `${source} ${id} ${word}`),
    );
    return { stored: stored.results.map((row) => `${row.source} ${row.entry_id} ${row.word}`).sort(), words: words.sort() };
  }

  it("holds each word of each entry's keys through inquiries stored, rekeyed and deleted, and register changes", async () => {
    const actor = { by: "attorney@example.com", now: new Date() };
    const [first, second] = await store(3, 0, { organization: "Northwind Studio", parties: "Zoë Ōtani\nAcme Studio" });
    const client = await addClient(db, { name: "Ortiz Murals", email: "studio@ortiz.example" }, actor);
    const matter = await addMatter(
      db,
      client,
      { title: "Mural", status: "current", parties: [{ name: "Vale Paper", role: "adverse" }] },
      actor,
    );
    await addParty(db, matter!, { name: "Harbor Print", role: "related" }, actor);
    const party = (await env.DB.prepare("SELECT id FROM register_parties WHERE name = 'Harbor Print'").first<{ id: string }>())!.id;
    await editClient(db, client, { name: "Ortiz Wall Murals", email: null }, actor);
    await editParty(db, party, { name: "Harbour Print Co", role: "related" }, actor);
    await env.DB.prepare("UPDATE contact_submissions SET conflict_keys = NULL WHERE id = ?").bind(first).run();
    await env.DB.prepare("DELETE FROM contact_submissions WHERE id = ?").bind(second).run();
    await backfillConflictKeys(db);
    const { stored, words } = await index();
    expect(words).toContain(`client ${client} wall`);
    expect(words).toContain(`party ${party} harbour`);
    expect(words.some((entry) => entry.startsWith(`inquiry ${first} `))).toBe(true);
    expect(stored).toEqual(words);
    await clearSubmissions();
    expect((await index()).stored).toEqual([]);
  });

  it("finds an entry by every word of a name, in any order, and not by some of them", async () => {
    await store(1, 0, { name: "Maria Ortiz-Vale" });
    await store(1, 1, { name: "Maria Chen" });
    const found = async (text: string) => (await searchConflicts(db, conflictQuery(text)!)).map((match) => match.name);
    expect(await found("Vale Maria")).toEqual(["Maria Ortiz-Vale"]);
    expect(await found("maria")).toEqual(["Maria Chen", "Maria Ortiz-Vale"]);
    expect(await found("Maria Lopez")).toEqual([]);
  });
});
