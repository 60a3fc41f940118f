import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "./client.ts";
import { type ConflictPart, type ConflictQuery, type ConflictRecord, conflictKeys, conflictQuery, partyNames } from "./conflict-names.ts";
import { type ConflictMatch, groupCandidates, groupMatches, inGroupsOfWords } from "./conflicts.ts";
import { type RegisterMatch, registerEntriesNow, registerGroupMatches, registerGroupReads } from "./register.ts";
import {
  type ConflictCheckRow,
  type IntakeState,
  conflictChecks as checks,
  nameCounts,
  contactSubmissions as submissions,
} from "./schema.ts";

/*
 * The conflict check of one inquiry, in one step: every name it gives (the sender, their address, the
 * organization, each other party) searched across every inquiry ever received and the conflict register
 * (clients, their matters' parties), and recorded with who ran it, when and what it found, so that
 * "conflict cleared" or "possible conflict" can rest on it (intake.ts).
 */

/** Who a check made as an inquiry arrives is recorded as made by (src/queue/notifications.ts). */
export const ARRIVAL_CHECKER = "on arrival";

/** One name an inquiry gives, and which part of it. */
export interface CheckedName {
  readonly text: string;
  readonly part: ConflictPart;
}

/** The inquiries listed for one name; a name that matches more asks to be narrowed on the conflict check page. */
export const CHECK_MATCHES_PER_NAME = 25;

/** A register entry a check found: a client, or a party on a matter. */
export interface RegisterRef {
  readonly kind: RegisterMatch["kind"];
  readonly id: string;
}

/** What one name's search found: each inquiry's id and where it matched, and each register entry. */
export interface NameFindings extends CheckedName {
  readonly found: readonly { readonly id: string; readonly parts: readonly ConflictPart[] }[];
  /** More inquiries match than are listed. */
  readonly more: boolean;
  /** Absent from checks made before the register. */
  readonly register?: readonly RegisterRef[];
  readonly registerMore?: boolean;
}

/** The names a check of this record searches, each once, in the order the inquiry gives them. */
export function namesToCheck(record: ConflictRecord): CheckedName[] {
  const names: CheckedName[] = [
    { text: record.name, part: "name" },
    { text: record.email, part: "email" },
    { text: record.organization ?? "", part: "organization" },
    ...partyNames(record.parties).map((party) => ({ text: party, part: "party" as const })),
  ];
  const seen = new Set<string>();
  const unique: CheckedName[] = [];
  for (const name of names) {
    const text = name.text.trim();
    // Nothing to compare ("Inc." alone), or a name the inquiry already gave: searched once.
    if (conflictQuery(text) === undefined || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    unique.push({ text, part: name.part });
  }
  return unique;
}

/** Whether a check searched exactly the names the record gives now. */
export const searchedNamesOf = (check: Pick<ConflictCheckRow, "names">, record: ConflictRecord): boolean =>
  check.names === JSON.stringify(namesToCheck(record).map((name) => name.text));

/** The entries stored keys hold, one bar fewer than they have ("| ada lovelace | ada example |" holds 2). */
const entriesIn = (keys: string) => keys.split("|").length - 2;

/** The reads that count the names a check compares with: the counts triggers keep, rows without keys, this inquiry's keys. */
const countReads = (db: Database, inquiryId: string) =>
  [
    db.select().from(nameCounts),
    db
      .select({
        id: submissions.id,
        name: submissions.name,
        email: submissions.email,
        organization: submissions.organization,
        parties: submissions.parties,
      })
      .from(submissions)
      .where(isNull(submissions.conflictKeys)),
    db.select({ keys: submissions.conflictKeys }).from(submissions).where(eq(submissions.id, inquiryId)),
  ] as const;

type CountRows = { [K in keyof ReturnType<typeof countReads>]: Awaited<ReturnType<typeof countReads>[K]> };

/**
 * How many names the check compared with: those the inquiries on record other than this one give (senders'
 * names and addresses, organizations, other parties) and those the register holds (each client's name and
 * address, each party's). The counts kept by triggers (name_counts), less this inquiry's own; rows stored
 * before the keys existed are counted from their columns, as the search compares them.
 */
function namesCompared([counts, unkeyed, [own]]: CountRows, inquiryId: string): { readonly inquiries: number; readonly register: number } {
  const counted = (source: string) => counts.find((row) => row.source === source)?.names ?? 0;
  const others = unkeyed.filter((record) => record.id !== inquiryId);
  return {
    inquiries:
      counted("inquiries") -
      (own?.keys ? entriesIn(own.keys) : 0) +
      others.reduce((sum, record) => sum + entriesIn(conflictKeys(record)), 0),
    register: counted("register"),
  };
}

/** What a group's three reads return: its inquiries' candidates, the register's clients and parties. */
type GroupRows = [
  Awaited<ReturnType<typeof groupCandidates>>,
  Awaited<ReturnType<typeof registerGroupReads>[0]>,
  Awaited<ReturnType<typeof registerGroupReads>[1]>,
];

/**
 * Each name's matches among inquiries (room for this inquiry and one more) and in the register (room for one
 * more), and the counts of names compared: every read in one D1 batch, one round trip.
 */
async function searchAll(db: Database, inquiryId: string, queries: readonly ConflictQuery[]) {
  const groups = inGroupsOfWords(queries);
  const reads = groups.flatMap((group) => [groupCandidates(db, group), ...registerGroupReads(db, group)]);
  const [counts, unkeyed, own, ...results] = (await db.batch([...countReads(db, inquiryId), ...reads] as never)) as unknown[];
  const inquiries: ConflictMatch[][] = [];
  const entries: RegisterMatch[][] = [];
  for (const [i, group] of groups.entries()) {
    const [candidates, clientRows, partyRows] = results.slice(i * 3, i * 3 + 3) as GroupRows;
    inquiries.push(...(await groupMatches(db, group, candidates, CHECK_MATCHES_PER_NAME + 2)));
    entries.push(...(await registerGroupMatches(db, group, clientRows, partyRows, CHECK_MATCHES_PER_NAME + 1)));
  }
  return { inquiries, entries, compared: namesCompared([counts, unkeyed, own] as CountRows, inquiryId) };
}

export type CheckRun = { readonly kind: "checked"; readonly check: ConflictCheckRow } | { readonly kind: "already" };

/**
 * Searches every name of the inquiry and records the check. A form posted again (the same `formToken`)
 * records nothing more.
 */
export async function runConflictCheck(
  db: Database,
  inquiry: ConflictRecord & { readonly id: string },
  run: { readonly by: string; readonly now: Date; readonly formToken?: string },
): Promise<CheckRun> {
  if (run.formToken) {
    const [done] = await db
      .select({ id: checks.id })
      .from(checks)
      .where(and(eq(checks.submissionId, inquiry.id), eq(checks.formToken, run.formToken)));
    if (done) return { kind: "already" };
  }
  const names = namesToCheck(inquiry);
  const queries = names.map((name) => conflictQuery(name.text)!);
  const { inquiries, entries, compared } = await searchAll(db, inquiry.id, queries);
  const findings = names.map((name, i): NameFindings => {
    const matches = inquiries[i]!;
    const listed = matches.slice(0, CHECK_MATCHES_PER_NAME + (matches.some((match) => match.id === inquiry.id) ? 1 : 0));
    return {
      ...name,
      found: listed.map((match) => ({ id: match.id, parts: match.parts })),
      more: matches.length > listed.length,
      register: entries[i]!.slice(0, CHECK_MATCHES_PER_NAME).map((entry) => ({ kind: entry.kind, id: entry.id })),
      registerMore: entries[i]!.length > CHECK_MATCHES_PER_NAME,
    };
  });
  const others = new Set(findings.flatMap((name) => name.found.map((found) => found.id)).filter((id) => id !== inquiry.id));
  const entriesFound = new Set(findings.flatMap((name) => (name.register ?? []).map((entry) => `${entry.kind}:${entry.id}`)));
  // The check, and the inquiry's count of its newest check's matches for the list, in one batch.
  const [[check]] = await db.batch([
    db
      .insert(checks)
      .values({
        submissionId: inquiry.id,
        at: run.now,
        by: run.by,
        names: JSON.stringify(names.map((name) => name.text)),
        results: JSON.stringify(findings),
        matchCount: others.size + entriesFound.size,
        comparedNames: compared.inquiries + compared.register,
        registerNames: compared.register,
        formToken: run.formToken ?? null,
      })
      .onConflictDoNothing()
      .returning(),
    db
      .update(submissions)
      .set({
        latestCheckMatches: sql`(select ${checks.matchCount} from ${checks} where ${checks.submissionId} = ${inquiry.id} order by ${checks.id} desc limit 1)`,
      })
      .where(eq(submissions.id, inquiry.id)),
  ]);
  return check ? { kind: "checked", check } : { kind: "already" };
}

/** The newest check of an inquiry, if any. */
export async function latestCheck(db: Database, submissionId: string): Promise<ConflictCheckRow | undefined> {
  const [check] = await db.select().from(checks).where(eq(checks.submissionId, submissionId)).orderBy(desc(checks.id)).limit(1);
  return check;
}

/** One check of an inquiry by its id. */
export async function findCheck(db: Database, submissionId: string, checkId: number): Promise<ConflictCheckRow | undefined> {
  const [check] = await db
    .select()
    .from(checks)
    .where(and(eq(checks.id, checkId), eq(checks.submissionId, submissionId)));
  return check;
}

/** An inquiry a check found, as it stands now. */
export interface FoundInquiry {
  readonly id: string;
  readonly parts: readonly ConflictPart[];
  /** Undefined when the inquiry has been deleted since. */
  readonly now?: {
    readonly name: string;
    readonly email: string;
    readonly organization: string | null;
    readonly createdAt: Date;
    readonly intakeState: IntakeState;
    readonly messageErased: boolean;
  };
}

/** A register entry a check found, as it stands now: undefined once retention removed it. */
export interface FoundEntry extends RegisterRef {
  readonly now?: RegisterMatch;
}

export interface CheckView {
  readonly check: ConflictCheckRow;
  readonly names: readonly (CheckedName & {
    readonly found: readonly FoundInquiry[];
    readonly more: boolean;
    readonly register: readonly FoundEntry[];
    readonly registerMore: boolean;
  })[];
}

/** D1 binds at most 100 values a statement. */
const IDS_PER_READ = 90;

/**
 * A check's findings with each inquiry found as it is now (name, intake state), read afresh: a check keeps
 * ids, never another inquiry's words, so a privacy deletion leaves nothing of that person here.
 */
export async function checkView(db: Database, check: ConflictCheckRow): Promise<CheckView> {
  const findings = JSON.parse(check.results) as NameFindings[];
  const ids = [...new Set(findings.flatMap((name) => name.found.map((found) => found.id)))];
  const current = new Map<string, NonNullable<FoundInquiry["now"]>>();
  for (let start = 0; start < ids.length; start += IDS_PER_READ) {
    const rows = await db
      .select({
        id: submissions.id,
        name: submissions.name,
        email: submissions.email,
        organization: submissions.organization,
        createdAt: submissions.createdAt,
        intakeState: submissions.intakeState,
        messageErasedAt: submissions.messageErasedAt,
      })
      .from(submissions)
      .where(inArray(submissions.id, ids.slice(start, start + IDS_PER_READ)));
    for (const { id, messageErasedAt, ...row } of rows) current.set(id, { ...row, messageErased: messageErasedAt !== null });
  }
  const entries = await registerEntriesNow(
    db,
    findings.flatMap((name) => name.register ?? []),
  );
  return {
    check,
    names: findings.map((name) => ({
      text: name.text,
      part: name.part,
      more: name.more,
      found: name.found.map((found) => ({ ...found, now: current.get(found.id) })),
      register: (name.register ?? []).map((entry) => ({ ...entry, now: entries.get(`${entry.kind}:${entry.id}`) })),
      registerMore: name.registerMore ?? false,
    })),
  };
}
