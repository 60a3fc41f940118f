import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import { type NewActivity, recordActivity } from "./activity.ts";
import type { Database } from "./client.ts";
import { type ConflictQuery, conflictQuery, matchedParts, nameWords } from "./conflict-names.ts";
import { CANDIDATES_AT_ONCE } from "./conflicts.ts";
import { entriesWithWords, wordQueries } from "./conflict-words.ts";
import { clientKeys, partyKeys } from "./register-keys.ts";
import {
  type ActivityEntry,
  type MatterStatus,
  type PartyRole,
  type RegisterClient,
  type RegisterMatter,
  type RegisterParty,
  adminActivity as activity,
  registerClients as clients,
  registerMatters as matters,
  registerParties as parties,
} from "./schema.ts";

/*
 * The conflict register: the practice's clients, their matters and the people and organizations on each,
 * added and edited in the inbox (an import is src/db/register-import.ts; an engaged inquiry adds its own
 * here). Every change is in the activity log under the client it concerns. Nothing here deletes: a matter
 * closes, a name is corrected, and retention (src/queue/retention.ts) removes what its period has passed.
 */

/** The longest name, title or reference the register keeps. */
export const REGISTER_TEXT_MAX = 200;

/** Who acts, and when. */
export interface RegisterActor {
  readonly by: string;
  readonly now: Date;
}

export interface ClientFields {
  readonly name: string;
  readonly email?: string | null;
}

export interface MatterFields {
  readonly title: string;
  readonly reference?: string | null;
  readonly status: MatterStatus;
  readonly openedOn?: string | null;
  readonly closedOn?: string | null;
}

export interface PartyFields {
  readonly name: string;
  readonly role: PartyRole;
}

const stamps = ({ by, now }: RegisterActor) => ({ createdAt: now, createdBy: by, updatedAt: now, updatedBy: by });
const changed = ({ by, now }: RegisterActor) => ({ updatedAt: now, updatedBy: by });
const clean = (text: string | null | undefined) => text?.replace(/\s+/g, " ").trim().slice(0, REGISTER_TEXT_MAX) || null;

/** The history entry of a register change, under its client. */
const logged = (clientId: string, action: NewActivity["action"], detail: string, actor: RegisterActor) => ({
  entry: { actor: actor.by, action, registerClientId: clientId, detail } satisfies NewActivity,
  at: actor.now,
});

/** Adds a client; returns its id. */
export async function addClient(db: Database, fields: ClientFields, actor: RegisterActor, fromSubmissionId?: string): Promise<string> {
  const id = crypto.randomUUID();
  const name = clean(fields.name)!;
  const email = clean(fields.email)?.toLowerCase() ?? null;
  await db.insert(clients).values({ id, name, email, keys: clientKeys({ name, email }), fromSubmissionId, ...stamps(actor) });
  const { entry, at } = logged(id, "register-added", `Client added: ${name}${email ? ` <${email}>` : ""}`, actor);
  await recordActivity(db, entry, at);
  return id;
}

/** Changes a client's name or address; false when there is no such client. */
export async function editClient(db: Database, id: string, fields: ClientFields, actor: RegisterActor): Promise<boolean> {
  const [before] = await db.select().from(clients).where(eq(clients.id, id));
  if (!before) return false;
  const name = clean(fields.name)!;
  const email = clean(fields.email)?.toLowerCase() ?? null;
  if (name === before.name && email === before.email) return true;
  await db
    .update(clients)
    .set({ name, email, keys: clientKeys({ name, email }), ...changed(actor) })
    .where(eq(clients.id, id));
  const { entry, at } = logged(id, "register-edited", `Client: ${describeChange(before, { name, email })}`, actor);
  await recordActivity(db, entry, at);
  return true;
}

/** Adds a matter to a client, with its parties; returns its id, or undefined when there is no such client. */
export async function addMatter(
  db: Database,
  clientId: string,
  fields: MatterFields & { readonly parties?: readonly PartyFields[] },
  actor: RegisterActor,
  fromSubmissionId?: string,
): Promise<string | undefined> {
  const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId));
  if (!client) return undefined;
  const id = crypto.randomUUID();
  const matter = matterValues(fields);
  const named = uniqueParties(fields.parties ?? []);
  await db.batch([
    db.insert(matters).values({ id, clientId, ...matter, fromSubmissionId, ...stamps(actor) }),
    ...named.map((party) =>
      db.insert(parties).values({ id: crypto.randomUUID(), matterId: id, ...party, keys: partyKeys(party.name), ...stamps(actor) }),
    ),
  ]);
  const partyWords = named.length === 0 ? "" : `, ${named.length === 1 ? "1 party" : `${named.length} parties`}`;
  const { entry, at } = logged(clientId, "register-added", `Matter added: ${matter.title} (${matter.status}${partyWords})`, actor);
  await recordActivity(db, entry, at);
  return id;
}

/** Changes a matter (its title, number, status and dates); false when there is no such matter. */
export async function editMatter(db: Database, id: string, fields: MatterFields, actor: RegisterActor): Promise<boolean> {
  const [before] = await db.select().from(matters).where(eq(matters.id, id));
  if (!before) return false;
  const after = matterValues(fields);
  const what = describeChange(before, after);
  if (!what) return true;
  await db
    .update(matters)
    .set({ ...after, ...changed(actor) })
    .where(eq(matters.id, id));
  const { entry, at } = logged(before.clientId, "register-edited", `Matter ${before.title}: ${what}`, actor);
  await recordActivity(db, entry, at);
  return true;
}

/** Adds a person or organization to a matter; false when there is no such matter. */
export async function addParty(db: Database, matterId: string, fields: PartyFields, actor: RegisterActor): Promise<boolean> {
  const [matter] = await db.select().from(matters).where(eq(matters.id, matterId));
  if (!matter) return false;
  const name = clean(fields.name)!;
  await db.insert(parties).values({ id: crypto.randomUUID(), matterId, name, role: fields.role, keys: partyKeys(name), ...stamps(actor) });
  const { entry, at } = logged(matter.clientId, "register-added", `${roleLabels[fields.role]} added to ${matter.title}: ${name}`, actor);
  await recordActivity(db, entry, at);
  return true;
}

/** Corrects a party's name or role; false when there is no such party. */
export async function editParty(db: Database, id: string, fields: PartyFields, actor: RegisterActor): Promise<boolean> {
  const [row] = await db
    .select({ party: parties, clientId: matters.clientId, title: matters.title })
    .from(parties)
    .innerJoin(matters, eq(matters.id, parties.matterId))
    .where(eq(parties.id, id));
  if (!row) return false;
  const after = { name: clean(fields.name)!, role: fields.role };
  const what = describeChange(row.party, after);
  if (!what) return true;
  await db
    .update(parties)
    .set({ ...after, keys: partyKeys(after.name), ...changed(actor) })
    .where(eq(parties.id, id));
  const { entry, at } = logged(row.clientId, "register-edited", `Party on ${row.title}: ${what}`, actor);
  await recordActivity(db, entry, at);
  return true;
}

function matterValues(fields: MatterFields) {
  const status = fields.status;
  return {
    title: clean(fields.title)!,
    reference: clean(fields.reference),
    status,
    openedOn: fields.openedOn || null,
    closedOn: status === "closed" ? fields.closedOn || null : null,
  };
}

/** Each name once per role, in the order given; empty names left out. */
function uniqueParties(named: readonly PartyFields[]): PartyFields[] {
  const seen = new Set<string>();
  const unique: PartyFields[] = [];
  for (const party of named) {
    const name = clean(party.name);
    const key = `${party.role}:${nameWords(name ?? "").join(" ")}`;
    if (!name || nameWords(name).length === 0 || seen.has(key)) continue;
    seen.add(key);
    unique.push({ name, role: party.role });
  }
  return unique;
}

/** "name: Acme → Acme Studio; status: current → closed", the fields that differ; "" when none. */
function describeChange<T extends object>(before: T, after: Partial<T>): string {
  return Object.entries(after)
    .filter(([field, value]) => before[field as keyof T] !== value)
    .map(([field, value]) => `${field}: ${before[field as keyof T] ?? "(none)"} → ${value ?? "(none)"}`)
    .join("; ");
}

/** What a party's role is called on the inbox's pages. */
export const roleLabels: Record<PartyRole, string> = {
  client: "On the client's side",
  adverse: "Adverse party",
  related: "Related party",
};

/** A client as the register lists it: how many matters it has, current and closed. */
export interface ClientSummary {
  readonly id: string;
  readonly name: string;
  readonly email: string | null;
  readonly currentMatters: number;
  readonly closedMatters: number;
}

/** Clients on one page of the register. */
export const REGISTER_PAGE_SIZE = 50;

/**
 * One page of the register's clients by name (`after`: the last name and id of the page before), those whose
 * names or parties match `search` when given.
 */
export async function listClients(
  db: Database,
  options: { readonly after?: { readonly name: string; readonly id: string }; readonly search?: ConflictQuery } = {},
): Promise<{ readonly clients: ClientSummary[]; readonly more: boolean }> {
  const byName = sql`${clients.name} collate nocase`;
  const after = options.after
    ? sql`(${clients.name} collate nocase, ${clients.id}) > (${options.after.name}, ${options.after.id})`
    : undefined;
  const rows = await db
    .select({
      id: clients.id,
      name: clients.name,
      email: clients.email,
      currentMatters: mattersOfClient("count(*)", "m.status = 'current'"),
      closedMatters: mattersOfClient("count(*)", "m.status = 'closed'"),
    })
    .from(clients)
    .where(and(after, options.search ? clientCandidates([options.search]) : undefined))
    .orderBy(byName, asc(clients.id))
    .limit(REGISTER_PAGE_SIZE + 1);
  return { clients: rows.slice(0, REGISTER_PAGE_SIZE), more: rows.length > REGISTER_PAGE_SIZE };
}

/** A client with every matter (newest first) and each matter's parties. */
export interface ClientRecord {
  readonly client: RegisterClient;
  readonly matters: readonly (RegisterMatter & { readonly parties: readonly RegisterParty[] })[];
}

export async function clientRecord(db: Database, id: string): Promise<ClientRecord | undefined> {
  const [client] = await db.select().from(clients).where(eq(clients.id, id));
  if (!client) return undefined;
  const its = await db.select().from(matters).where(eq(matters.clientId, id)).orderBy(desc(matters.createdAt), desc(matters.id));
  const named: RegisterParty[] = [];
  // D1 binds at most 100 values a statement.
  for (let start = 0; start < its.length; start += 90)
    named.push(
      ...(await db
        .select()
        .from(parties)
        .where(
          inArray(
            parties.matterId,
            its.slice(start, start + 90).map((matter) => matter.id),
          ),
        )
        // The client's side first, then the other side, then the others; by name within each.
        .orderBy(sql`case ${parties.role} when 'client' then 0 when 'adverse' then 1 else 2 end`, sql`${parties.name} collate nocase`)),
    );
  return { client, matters: its.map((matter) => ({ ...matter, parties: named.filter((party) => party.matterId === matter.id) })) };
}

/** The client a matter belongs to; undefined when there is no such matter. */
export async function clientOfMatter(db: Database, matterId: string): Promise<string | undefined> {
  const [row] = await db.select({ clientId: matters.clientId }).from(matters).where(eq(matters.id, matterId));
  return row?.clientId;
}

/** The matter and client a party belongs to; undefined when there is no such party. */
export async function placeOfParty(db: Database, partyId: string): Promise<{ matterId: string; clientId: string } | undefined> {
  const [row] = await db
    .select({ matterId: parties.matterId, clientId: matters.clientId })
    .from(parties)
    .innerJoin(matters, eq(matters.id, parties.matterId))
    .where(eq(parties.id, partyId));
  return row;
}

/** A client's history in the activity log, newest first. */
export async function clientHistory(db: Database, id: string, limit = 100): Promise<ActivityEntry[]> {
  return db.select().from(activity).where(eq(activity.registerClientId, id)).orderBy(desc(activity.id)).limit(limit);
}

/** The SQL candidates among clients for any of the queries: a name holding every word of one, or the address itself. */
const clientCandidates = (queries: readonly ConflictQuery[], byAddress = true) =>
  or(
    sql`${clients.id} IN ${entriesWithWords("client", wordQueries(queries))}`,
    ...(byAddress ? queries.flatMap((query) => ("address" in query ? [sql`${clients.email} = ${query.address} collate nocase`] : [])) : []),
  );

/** The SQL candidates among parties for any of the queries: a name holding every word of one. */
const partyCandidates = (queries: readonly ConflictQuery[]) => sql`${parties.id} IN ${entriesWithWords("party", wordQueries(queries))}`;

/** A register entry a search found: a client, or a person or organization on one of its matters. */
export type RegisterMatch =
  | {
      readonly kind: "client";
      readonly id: string;
      readonly clientId: string;
      readonly name: string;
      readonly email: string | null;
      /** Whether any of its matters is current (a current client), or it has matters and all are closed. */
      readonly standing: "current" | "former" | "no-matter";
    }
  | {
      readonly kind: "party";
      readonly id: string;
      readonly clientId: string;
      readonly clientName: string;
      readonly name: string;
      readonly role: PartyRole;
      readonly matterTitle: string;
      readonly matterStatus: MatterStatus;
    };

/** The most register entries one search lists. */
export const REGISTER_MATCHES_MAX = 50;

/**
 * A figure over the client's matters, as a column of a query of register_clients: written out, because the
 * query builder leaves a column's table unnamed in a select of one table, where the subquery would read it as
 * its own.
 */
function mattersOfClient(figure: string, condition: string) {
  return sql<number>`(select ${sql.raw(figure)} from register_matters m where m.client_id = "register_clients"."id" and ${sql.raw(condition)})`;
}

/** A client's columns as a match shows them, with whether it has a current matter or any. */
const clientMatchColumns = {
  id: clients.id,
  name: clients.name,
  email: clients.email,
  current: mattersOfClient("count(*) > 0", "m.status = 'current'"),
  any: mattersOfClient("count(*) > 0", "1"),
};

const partyMatchColumns = {
  id: parties.id,
  name: parties.name,
  role: parties.role,
  matterTitle: matters.title,
  matterStatus: matters.status,
  // Named apart from the party's own id and name: a batch's rows come back as objects, keyed by column name.
  clientId: sql<string>`${clients.id}`.as("client_id"),
  clientName: sql<string>`${clients.name}`.as("client_name"),
};

export interface ClientMatchRow {
  readonly id: string;
  readonly name: string;
  readonly email: string | null;
  readonly current: number;
  readonly any: number;
}

const clientMatch = ({ current, any, ...row }: ClientMatchRow): RegisterMatch => ({
  kind: "client",
  ...row,
  clientId: row.id,
  standing: current ? "current" : any ? "former" : "no-matter",
});

/** The parties joined to their matter and client. */
const partiesWithMatters = (db: Database) =>
  db
    .select(partyMatchColumns)
    .from(parties)
    .innerJoin(matters, eq(matters.id, parties.matterId))
    .innerJoin(clients, eq(clients.id, matters.clientId));

/**
 * The register's clients and parties matching a query, clients first: SQL finds candidates by whole words in
 * the stored keys, src/db/conflict-names.ts decides, as for inquiries.
 */
export async function searchRegister(db: Database, query: ConflictQuery, limit = REGISTER_MATCHES_MAX): Promise<RegisterMatch[]> {
  const [clientRows, partyRows] = await Promise.all(registerGroupReads(db, [query], limit + 1));
  return matchesAmong(query, clientRows, partyRows).slice(0, limit);
}

/**
 * The reads of a group of names' register candidates, clients and parties (at most `limit` of each):
 * statements, run alone or in a check's batch.
 */
export function registerGroupReads(db: Database, group: readonly ConflictQuery[], limit = CANDIDATES_AT_ONCE) {
  return [
    db.select(clientMatchColumns).from(clients).where(clientCandidates(group)).orderBy(asc(clients.name), asc(clients.id)).limit(limit),
    partiesWithMatters(db).where(partyCandidates(group)).orderBy(asc(parties.name), asc(parties.id)).limit(limit),
  ] as const;
}

type PartyMatchRow = Omit<Extract<RegisterMatch, { kind: "party" }>, "kind">;

/**
 * Each name's register matches (at most `limit`) among its group's candidates; when a read was full, some may
 * lie past it, and each name is searched on its own.
 */
export async function registerGroupMatches(
  db: Database,
  group: readonly ConflictQuery[],
  clientRows: readonly ClientMatchRow[],
  partyRows: readonly PartyMatchRow[],
  limit: number,
): Promise<RegisterMatch[][]> {
  const found: RegisterMatch[][] = [];
  for (const query of group)
    found.push(
      clientRows.length < CANDIDATES_AT_ONCE && partyRows.length < CANDIDATES_AT_ONCE
        ? matchesAmong(query, clientRows, partyRows).slice(0, limit)
        : await searchRegister(db, query, limit),
    );
  return found;
}

/** The candidates that match the query, clients first. */
function matchesAmong(query: ConflictQuery, clientRows: readonly ClientMatchRow[], partyRows: readonly PartyMatchRow[]): RegisterMatch[] {
  const found: RegisterMatch[] = [];
  for (const row of clientRows)
    if (matchedParts(query, { name: row.name, email: row.email ?? "", organization: null, parties: null }).length > 0)
      found.push(clientMatch(row));
  if (!("address" in query))
    for (const row of partyRows)
      if (matchedParts(query, { name: row.name, email: "", organization: null, parties: null }).length > 0)
        found.push({ kind: "party", ...row });
  return found;
}

/** Register entries by kind and id as they stand now, keyed "client:<id>" or "party:<id>"; removed ones absent. */
export async function registerEntriesNow(
  db: Database,
  refs: readonly { readonly kind: RegisterMatch["kind"]; readonly id: string }[],
): Promise<Map<string, RegisterMatch>> {
  const now = new Map<string, RegisterMatch>();
  const ids = (kind: RegisterMatch["kind"]) => [...new Set(refs.filter((ref) => ref.kind === kind).map((ref) => ref.id))];
  const clientIds = ids("client");
  const partyIds = ids("party");
  // D1 binds at most 100 values a statement.
  for (let start = 0; start < clientIds.length; start += 90)
    for (const row of await db
      .select(clientMatchColumns)
      .from(clients)
      .where(inArray(clients.id, clientIds.slice(start, start + 90))))
      now.set(`client:${row.id}`, clientMatch(row));
  for (let start = 0; start < partyIds.length; start += 90)
    for (const row of await partiesWithMatters(db).where(inArray(parties.id, partyIds.slice(start, start + 90))))
      now.set(`party:${row.id}`, { kind: "party", ...row });
  return now;
}

/** The register's clients with this name (its words) or this address: where an engaged inquiry's client may already be. */
export async function sameClients(db: Database, name: string, email: string): Promise<RegisterClient[]> {
  const query = conflictQuery(name);
  const candidates = await db
    .select()
    .from(clients)
    .where(or(eq(sql`${clients.email} collate nocase`, email), query ? clientCandidates([query], false) : undefined))
    .limit(20);
  const words = nameWords(name).join(" ");
  return candidates.filter(
    (client) => nameWords(client.name).join(" ") === words && (!client.email || client.email === email.toLowerCase()),
  );
}

/** An engaged inquiry as the register takes it: its sender, address and organization. */
export interface EngagedInquiry {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly organization: string | null;
}

/**
 * What an inquiry marked engaged adds to the register: its sender as a client (the client already on the
 * register with the same name and address, or a new one), a current matter opened today, and on it the
 * organization (on the client's side) and each party the attorney gave a role. Returns the client's id.
 */
export async function addEngagedInquiry(
  db: Database,
  inquiry: EngagedInquiry,
  matter: { readonly title: string; readonly parties: readonly PartyFields[]; readonly openedOn: string },
  actor: RegisterActor,
): Promise<string> {
  const [known] = await sameClients(db, inquiry.name, inquiry.email);
  const clientId = known?.id ?? (await addClient(db, { name: inquiry.name, email: inquiry.email }, actor, inquiry.id));
  const organization: PartyFields[] = inquiry.organization ? [{ name: inquiry.organization, role: "client" }] : [];
  await addMatter(
    db,
    clientId,
    { title: matter.title, status: "current", openedOn: matter.openedOn, parties: [...organization, ...matter.parties] },
    actor,
    inquiry.id,
  );
  return clientId;
}

/** The register client an engaged inquiry added its matter to, if any. */
export async function clientOfInquiry(db: Database, submissionId: string): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db
    .select({ id: clients.id, name: clients.name })
    .from(matters)
    .innerJoin(clients, eq(clients.id, matters.clientId))
    .where(eq(matters.fromSubmissionId, submissionId))
    .limit(1);
  return row;
}

/** Clients whose every matter closed before `before` (YYYY-MM-DD), up to `limit`: what retention removes. */
export async function clientsClosedBefore(db: Database, before: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(
        sql`exists (select 1 from ${matters} where ${matters.clientId} = ${clients.id})`,
        sql`not exists (select 1 from ${matters} where ${matters.clientId} = ${clients.id} and (${matters.status} = 'current' or coalesce(${matters.closedOn}, '9999') >= ${before}))`,
      ),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Removes clients with their matters and parties (retention). */
export async function removeClients(db: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const theirMatters = db
    .select({ id: matters.id })
    .from(matters)
    .where(inArray(matters.clientId, [...ids]));
  await db.batch([
    db.delete(parties).where(inArray(parties.matterId, theirMatters)),
    db.delete(matters).where(inArray(matters.clientId, [...ids])),
    db.delete(clients).where(inArray(clients.id, [...ids])),
  ]);
}
