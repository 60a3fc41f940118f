import { type SQL, asc, getTableName, gt, sql } from "drizzle-orm";
import type { Database } from "./client.ts";
import { nameWords } from "./conflict-names.ts";
import { clientKeys, partyKeys } from "./register-keys.ts";
import {
  type MatterStatus,
  type PartyRole,
  adminActivity as activity,
  registerClients as clients,
  registerMatters as matters,
  registerParties as parties,
} from "./schema.ts";

/*
 * The conflict register imported from a file's rows (read and checked by src/admin/register/import/): a plan
 * of what is new, with duplicates merged, within the file and with what the register holds, and the plan
 * written at once. The same client is the same name (its words, as a conflict check compares them) with the
 * same address or without one on either side; the same matter is the same client's matter with the same
 * number when both have one, else the same title; the same party is the same matter's, with the same name
 * and role. An import only adds: it never changes or removes what the register holds, so a file imported
 * twice adds nothing the second time.
 */

/** One row of an import file, read and checked (src/admin/register/import/rows.ts): what the register will hold of it. */
export interface ImportRow {
  readonly line: number;
  readonly clientName: string;
  /** Lower-case, or null. */
  readonly clientEmail: string | null;
  readonly matterTitle: string;
  readonly matterReference: string | null;
  readonly status: MatterStatus;
  /** YYYY-MM-DD, or null. */
  readonly openedOn: string | null;
  /** YYYY-MM-DD, kept only for a closed matter. */
  readonly closedOn: string | null;
  /** Each name once per role. */
  readonly parties: readonly { readonly name: string; readonly role: PartyRole }[];
}

export interface PlannedClient {
  readonly id: string;
  readonly name: string;
  readonly email: string | null;
  readonly keys: string;
}

export interface PlannedMatter {
  readonly id: string;
  readonly clientId: string;
  readonly title: string;
  readonly reference: string | null;
  readonly status: MatterStatus;
  readonly openedOn: string | null;
  readonly closedOn: string | null;
}

export interface PlannedParty {
  readonly id: string;
  readonly matterId: string;
  readonly name: string;
  readonly role: PartyRole;
  readonly keys: string;
}

/** What happened to one part of a row: new, already in the register, or the same as an earlier line's. */
export type RowPart = { readonly kind: "new" } | { readonly kind: "register" } | { readonly kind: "line"; readonly line: number };

/** One row of the file in the plan, for the preview. */
export interface RowOutcome {
  readonly line: number;
  readonly clientName: string;
  readonly client: RowPart;
  readonly matterTitle: string;
  readonly matter: RowPart;
  /** Its parties that are new, and those the register or an earlier line already holds on the matter. */
  readonly partiesAdded: number;
  readonly partiesKnown: number;
}

/** A client the import adds, or adds matters or parties to: one entry in its history. */
export interface ClientImport {
  readonly clientId: string;
  readonly isNew: boolean;
  /** The lines that add something to it. */
  readonly lines: readonly number[];
  readonly matters: number;
  readonly parties: number;
}

/** How many of each the file adds, finds in the register, and repeats within itself. */
export interface ImportCount {
  readonly added: number;
  /** Distinct entries the register already holds that the file names. */
  readonly inRegister: number;
  /** Mentions of an entry an earlier line of the file adds. */
  readonly repeated: number;
}

export interface ImportPlan {
  readonly rows: number;
  readonly clients: readonly PlannedClient[];
  readonly matters: readonly PlannedMatter[];
  readonly parties: readonly PlannedParty[];
  readonly touched: readonly ClientImport[];
  readonly counts: { readonly clients: ImportCount; readonly matters: ImportCount; readonly parties: ImportCount };
  /** Every row, in the file's order. */
  readonly outcomes: readonly RowOutcome[];
}

/** Rows read from the register a statement: a page of clients, or a chunk of the clients or matters to look in. */
const READ_PAGE = 1000;

/** A name or title as the import compares it: its words. */
const wordsOf = (text: string): string => nameWords(text).join(" ") || text.toLowerCase();
const referenceOf = (text: string | null): string | null => text?.toLowerCase() ?? null;

interface ClientEntry {
  id: string;
  email: string | null;
  /** The line that adds it, or undefined for the register's own. */
  line?: number;
  planned?: { name: string; email: string | null };
}

interface MatterEntry {
  id: string;
  reference: string | null;
  title: string;
  line?: number;
  planned?: PlannedMatter;
}

interface PartyEntry {
  line?: number;
}

/** The register's clients with these names (their words), read a page at a time. */
async function registerClientsNamed(db: Database, names: ReadonlySet<string>): Promise<Map<string, ClientEntry[]>> {
  const found = new Map<string, ClientEntry[]>();
  let after: string | undefined;
  for (;;) {
    const page = await db
      .select({ id: clients.id, name: clients.name, email: clients.email })
      .from(clients)
      .where(after === undefined ? undefined : gt(clients.id, after))
      .orderBy(asc(clients.id))
      .limit(READ_PAGE);
    for (const client of page) {
      const key = wordsOf(client.name);
      if (!names.has(key)) continue;
      const entries = found.get(key) ?? [];
      entries.push({ id: client.id, email: client.email?.toLowerCase() ?? null });
      found.set(key, entries);
    }
    if (page.length < READ_PAGE) return found;
    after = page.at(-1)!.id;
  }
}

/** Rows of a query over ids, the ids passed as one JSON parameter a chunk at a time. */
async function byIds<T>(ids: readonly string[], query: (json: string) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let start = 0; start < ids.length; start += READ_PAGE)
    rows.push(...(await query(JSON.stringify(ids.slice(start, start + READ_PAGE)))));
  return rows;
}

const inJson = (json: string): SQL => sql`(select value from json_each(${json}))`;

/**
 * What importing these rows would add, with duplicates merged within the file and with the register, the
 * ids of everything new made up front. Reads the register; writes nothing.
 */
export async function planImport(db: Database, rows: readonly ImportRow[]): Promise<ImportPlan> {
  const clientsByName = await registerClientsNamed(db, new Set(rows.map((row) => wordsOf(row.clientName))));
  const known = [...clientsByName.values()].flat().map((client) => client.id);
  const mattersByClient = new Map<string, MatterEntry[]>();
  for (const matter of await byIds(known, (json) =>
    db
      .select({ id: matters.id, clientId: matters.clientId, title: matters.title, reference: matters.reference })
      .from(matters)
      .where(sql`${matters.clientId} in ${inJson(json)}`),
  )) {
    const entries = mattersByClient.get(matter.clientId) ?? [];
    entries.push({ id: matter.id, reference: referenceOf(matter.reference), title: wordsOf(matter.title) });
    mattersByClient.set(matter.clientId, entries);
  }
  const partiesByMatter = new Map<string, Map<string, PartyEntry>>();
  const partyKey = (name: string, role: PartyRole) => `${role} ${wordsOf(name)}`;
  const knownMatters = [...mattersByClient.values()].flat().map((matter) => matter.id);
  for (const party of await byIds(knownMatters, (json) =>
    db
      .select({ matterId: parties.matterId, name: parties.name, role: parties.role })
      .from(parties)
      .where(sql`${parties.matterId} in ${inJson(json)}`),
  )) {
    const entries = partiesByMatter.get(party.matterId) ?? new Map<string, PartyEntry>();
    entries.set(partyKey(party.name, party.role), {});
    partiesByMatter.set(party.matterId, entries);
  }

  const newClients: ClientEntry[] = [];
  const newMatters: MatterEntry[] = [];
  const newParties: PlannedParty[] = [];
  const touched = new Map<string, { isNew: boolean; lines: number[]; matters: number; parties: number }>();
  const inRegister = { clients: new Set<string>(), matters: new Set<string>(), parties: 0 };
  const repeated = { clients: 0, matters: 0, parties: 0 };
  const outcomes: RowOutcome[] = [];
  const partOf = (entry: { line?: number }, row: ImportRow): RowPart =>
    entry.line === undefined ? { kind: "register" } : entry.line === row.line ? { kind: "new" } : { kind: "line", line: entry.line };

  for (const row of rows) {
    // The client: the same name, and the same address or none on either side (the address first).
    const name = wordsOf(row.clientName);
    const sameName = clientsByName.get(name) ?? [];
    let client = row.clientEmail
      ? (sameName.find((each) => each.email === row.clientEmail) ?? sameName.find((each) => each.email === null))
      : sameName[0];
    if (!client) {
      client = {
        id: crypto.randomUUID(),
        email: row.clientEmail,
        line: row.line,
        planned: { name: row.clientName, email: row.clientEmail },
      };
      sameName.push(client);
      clientsByName.set(name, sameName);
      newClients.push(client);
    } else if (client.planned && !client.email && row.clientEmail) {
      // A client this file adds takes the first address a line of it gives.
      client.email = row.clientEmail;
      client.planned.email = row.clientEmail;
    }
    if (client.line === undefined) inRegister.clients.add(client.id);
    else if (client.line !== row.line) repeated.clients += 1;

    // The matter: the same number when both have one, else the same title.
    const reference = referenceOf(row.matterReference);
    const title = wordsOf(row.matterTitle);
    const its = mattersByClient.get(client.id) ?? [];
    let matter =
      (reference ? its.find((each) => each.reference === reference) : undefined) ??
      its.find((each) => !(reference && each.reference) && each.title === title);
    if (!matter) {
      const planned: PlannedMatter = {
        id: crypto.randomUUID(),
        clientId: client.id,
        title: row.matterTitle,
        reference: row.matterReference,
        status: row.status,
        openedOn: row.openedOn,
        closedOn: row.closedOn,
      };
      matter = { id: planned.id, reference, title, line: row.line, planned };
      its.push(matter);
      mattersByClient.set(client.id, its);
      newMatters.push(matter);
    } else if (matter.planned && !matter.reference && reference) {
      matter.reference = reference;
      matter.planned = { ...matter.planned, reference: row.matterReference };
    }
    if (matter.line === undefined) inRegister.matters.add(matter.id);
    else if (matter.line !== row.line) repeated.matters += 1;

    // Its parties: the same name and role on the same matter.
    const named = partiesByMatter.get(matter.id) ?? new Map<string, PartyEntry>();
    partiesByMatter.set(matter.id, named);
    let partiesAdded = 0;
    for (const party of row.parties) {
      const key = partyKey(party.name, party.role);
      const already = named.get(key);
      if (already) {
        if (already.line === undefined) inRegister.parties += 1;
        else repeated.parties += 1;
        continue;
      }
      named.set(key, { line: row.line });
      newParties.push({ id: crypto.randomUUID(), matterId: matter.id, name: party.name, role: party.role, keys: partyKeys(party.name) });
      partiesAdded += 1;
    }

    const mattersAdded = matter.line === row.line ? 1 : 0;
    if (mattersAdded + partiesAdded > 0) {
      const entry = touched.get(client.id) ?? { isNew: client.line !== undefined, lines: [], matters: 0, parties: 0 };
      entry.lines.push(row.line);
      entry.matters += mattersAdded;
      entry.parties += partiesAdded;
      touched.set(client.id, entry);
    }
    outcomes.push({
      line: row.line,
      clientName: row.clientName,
      client: partOf(client, row),
      matterTitle: row.matterTitle,
      matter: partOf(matter, row),
      partiesAdded,
      partiesKnown: row.parties.length - partiesAdded,
    });
  }

  return {
    rows: rows.length,
    clients: newClients.map((client) => {
      const { name, email } = client.planned!;
      return { id: client.id, name, email, keys: clientKeys({ name, email }) };
    }),
    matters: newMatters.map((matter) => matter.planned!),
    parties: newParties,
    touched: [...touched].map(([clientId, entry]) => ({ clientId, ...entry })),
    counts: {
      clients: { added: newClients.length, inRegister: inRegister.clients.size, repeated: repeated.clients },
      matters: { added: newMatters.length, inRegister: inRegister.matters.size, repeated: repeated.matters },
      parties: { added: newParties.length, inRegister: inRegister.parties, repeated: repeated.parties },
    },
    outcomes,
  };
}

/** Whether a plan adds anything. */
export const planAddsNothing = (plan: ImportPlan): boolean => plan.clients.length + plan.matters.length + plan.parties.length === 0;

/** The most JSON one statement binds: D1 takes a bound string of up to 2 MB. */
const CHUNK_BYTES = 1_000_000;

/** Rows as JSON arrays of at most CHUNK_BYTES each. */
export function jsonChunks(rows: readonly object[], limit = CHUNK_BYTES): string[] {
  const encoder = new TextEncoder();
  const chunks: string[] = [];
  let items: string[] = [];
  let bytes = 2;
  for (const row of rows) {
    const item = JSON.stringify(row);
    const size = encoder.encode(item).length + 1;
    if (items.length > 0 && bytes + size > limit) {
      chunks.push(`[${items.join(",")}]`);
      items = [];
      bytes = 2;
    }
    items.push(item);
    bytes += size;
  }
  if (items.length > 0) chunks.push(`[${items.join(",")}]`);
  return chunks;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "line 12", "lines 12 and 40", "lines 12, 15, 40 and 3 more". */
function linesText(lines: readonly number[]): string {
  if (lines.length === 1) return `line ${lines[0]}`;
  const shown = lines.slice(0, 3);
  const rest = lines.length - shown.length;
  return rest > 0 ? `lines ${shown.join(", ")} and ${rest} more` : `lines ${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`;
}

/** The history entry of one client's import: "Imported from clients.csv, line 12: client added with 1 matter and 2 parties." */
export function importDetail(entry: ClientImport, fileName: string): string {
  const what = [
    entry.matters > 0 ? plural(entry.matters, "matter", "matters") : "",
    entry.parties > 0 ? plural(entry.parties, "party", "parties") : "",
  ]
    .filter(Boolean)
    .join(" and ");
  const from = `Imported from ${fileName}, ${linesText(entry.lines)}`;
  return entry.isNew ? `${from}: client added with ${what}.` : `${from}: ${what} added.`;
}

/** The longest detail an activity entry keeps (src/db/activity.ts). */
const DETAIL_MAX = 300;

/**
 * Writes a plan at once: one D1 batch, which D1 runs as one transaction, of a few statements that each insert
 * a chunk of rows from one JSON parameter, with an activity-log entry for each client added or added to. It
 * writes everything or, if any statement fails, nothing.
 */
export async function applyImport(
  db: Database,
  plan: ImportPlan,
  { by, now, fileName }: { readonly by: string; readonly now: Date; readonly fileName: string },
): Promise<{ readonly clients: number; readonly matters: number; readonly parties: number }> {
  // Each statement binds ?1 (its rows as JSON), ?2 (when) and ?3 (who). Straight to D1: drizzle's batch does
  // not bind a raw statement's parameters.
  const d1 = db.$client;
  const each = (insert: string, columns: string, rows: readonly object[]) =>
    jsonChunks(rows).map((json) => d1.prepare(`${insert} select ${columns} from json_each(?1) order by key`).bind(json, now.getTime(), by));
  const field = (name: string) => `json_extract(value, '$.${name}')`;
  const fields = (...names: string[]) => names.map(field).join(", ");
  const statements = [
    ...each(
      `insert into ${getTableName(clients)} (id, name, email, keys, created_at, created_by, updated_at, updated_by)`,
      `${fields("id", "name", "email", "keys")}, ?2, ?3, ?2, ?3`,
      plan.clients,
    ),
    ...each(
      `insert into ${getTableName(matters)} (id, client_id, title, reference, status, opened_on, closed_on, created_at, created_by, updated_at, updated_by)`,
      `${fields("id", "clientId", "title", "reference", "status", "openedOn", "closedOn")}, ?2, ?3, ?2, ?3`,
      plan.matters,
    ),
    ...each(
      `insert into ${getTableName(parties)} (id, matter_id, name, role, keys, created_at, created_by, updated_at, updated_by)`,
      `${fields("id", "matterId", "name", "role", "keys")}, ?2, ?3, ?2, ?3`,
      plan.parties,
    ),
    ...each(
      `insert into ${getTableName(activity)} (at, actor, action, register_client_id, detail)`,
      `?2, ?3, 'register-imported', ${fields("clientId", "detail")}`,
      plan.touched.map((entry) => ({ clientId: entry.clientId, detail: importDetail(entry, fileName).slice(0, DETAIL_MAX) })),
    ),
  ];
  if (statements.length > 0) await d1.batch(statements);
  return { clients: plan.clients.length, matters: plan.matters.length, parties: plan.parties.length };
}
