import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { EngagementKind } from "../content/engagement.ts";
import { consultations, engagementLetters, pages } from "../content/index.ts";
import { sha256Hex } from "../engagement/chain.ts";
import { disclosureText, fillEngagementLetter } from "../engagement/letter.ts";
import { asInsider } from "../test/insider.ts";
import { recordIntake } from "../test/intake.ts";
import { clearSubmissions, storeSubmission } from "../test/submissions.ts";
import { database } from "./client.ts";
import { changeIntakeState } from "./intake.ts";
import {
  type EngagementMatter,
  type RequestSource,
  type Signature,
  consentToEngagement,
  createEngagementLetter,
  declineEngagement,
  deleteEngagementRecordsBefore,
  engagementAtLink,
  engagementLettersOfInquiry,
  engagementRecord,
  engagementState,
  letterMatter,
  recordEngagementOpened,
  requestPaperEngagement,
  signEngagementLetter,
  signatureName,
  verifyEngagementChain,
  withdrawEngagementLetter,
} from "./engagements.ts";

const db = database(env.DB);
const NOW = new Date(Date.UTC(2027, 2, 1, 17));
const MINUTE = 60_000;
const DAY = 86_400_000;
const at = (minutes: number) => new Date(NOW.getTime() + minutes * MINUTE);
const actor = { by: "attorney@example.com", now: NOW };
const phone: RequestSource = { ip: "198.51.100.7", userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 19_0) Safari" };

const VALUES: Record<string, string> = {
  clientName: "Mina Park",
  client: "Park Studio LLC",
  matter: "the licensing of the mural at 1201 Western Avenue",
  scope: "Review the building owner's license.\nNegotiate its terms of credit and reproduction.",
  exclusions: "Litigation of any kind.\nTax advice.",
  hourlyRate: "$350",
  deposit: "$2,500",
  flatFee: "$1,800",
  feeTerms: "In full before work begins.",
  risks: "Deadlines in the venue's contract may pass unnoticed.",
  estimate: "three to four hours",
};

/** An inquiry, and version `n` of its letter of `kind` made from the seed's template, sent by the inbox. */
async function letterFor(submissionId: string, kind: EngagementKind = "hourly", now = NOW, matter?: EngagementMatter) {
  const template = engagementLetters[kind];
  const filled = fillEngagementLetter(template, VALUES, now, consultations.timeZone);
  if (!filled.ok) throw new Error(`missing ${filled.missing.join(", ")}`);
  return createEngagementLetter(
    db,
    {
      submissionId,
      kind,
      title: template.title,
      clientName: "Mina Park",
      clientEmail: "mina@example.com",
      fieldValues: filled.values,
      letterText: filled.text,
      disclosureText: disclosureText(pages.engagement.disclosure),
      expiresAt: new Date(now.getTime() + 14 * DAY),
      ...(matter ? { matter } : {}),
    },
    { ...actor, now },
  );
}

/** A letter sent from a new inquiry: the letter and its link's secret. */
async function sentLetter(kind: EngagementKind = "hourly") {
  const submissionId = await storeSubmission(NOW, { name: "Mina Park", email: "mina@example.com" });
  const created = await letterFor(submissionId, kind);
  if (created.outcome !== "created") throw new Error("not created");
  return { submissionId, ...created };
}

const signature = (overrides: Partial<Signature> = {}): Signature => ({
  name: "Mina Park",
  consent: true,
  agreed: true,
  version: 1,
  ...overrides,
});
const eventsOf = async (letterId: string) => (await engagementRecord(db, letterId))!.events;
const count = async (table: string) => (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

beforeEach(async () => {
  await env.DB.exec("DELETE FROM engagement_letters");
  await clearSubmissions();
});

describe("an engagement letter", () => {
  it("is kept with its link only as a hash, its exact text and disclosure with their SHA-256, its first event chained to it", async () => {
    const { letter, token } = await sentLetter();
    expect(JSON.stringify((await env.DB.prepare("SELECT * FROM engagement_letters").all()).results)).not.toContain(token);
    expect(letter).toMatchObject({ version: 1, kind: "hourly", status: "sent", clientName: "Mina Park", clientEmail: "mina@example.com" });
    expect(letter.letterText).toContain("Dear Mina Park,");
    expect(letter.letterText).toContain("March 1, 2027");
    expect(letter.letterSha256).toBe(await sha256Hex(letter.letterText));
    expect(letter.disclosureSha256).toBe(await sha256Hex(disclosureText(pages.engagement.disclosure)));
    expect(JSON.parse(letter.fieldValues)).toMatchObject({ hourlyRate: "$350", scope: VALUES.scope });
    const [sent] = await eventsOf(letter.id);
    expect(sent).toMatchObject({
      seq: 1,
      kind: "sent",
      email: "mina@example.com",
      // The practice's own step: who sent it, and no internet address or browser.
      ip: null,
      userAgent: null,
      detail: "by attorney@example.com",
    });
    expect(await verifyEngagementChain(db, letter.id)).toEqual({ ok: true, events: 1, lastHash: sent!.hash });
  });

  it("keeps the matter it names for the register, which never changes after sending; none when it names none", async () => {
    const submissionId = await storeSubmission(NOW, { name: "Mina Park", email: "mina@example.com" });
    const matter: EngagementMatter = {
      title: "Mural license, 1201 Western Avenue",
      parties: [
        { name: "Park Studio LLC", role: "client" },
        { name: "Western Avenue Holdings", role: "adverse" },
      ],
    };
    const created = await letterFor(submissionId, "hourly", NOW, matter);
    if (created.outcome !== "created") throw new Error("not created");
    expect(letterMatter(created.letter)).toEqual(matter);
    await expect(
      env.DB.prepare("UPDATE engagement_letters SET matter = ?2 WHERE id = ?1").bind(created.letter.id, "{}").run(),
    ).rejects.toThrow(/never changes/);
    expect(letterMatter((await engagementRecord(db, created.letter.id))!.letter)).toEqual(matter);
    const { letter } = await sentLetter();
    expect(letterMatter(letter)).toBeUndefined();
  });

  it("opens at its link without a change, until its last day; an unknown or malformed link opens nothing", async () => {
    const { letter, token } = await sentLetter();
    const before = await env.DB.prepare("SELECT * FROM engagement_letters").all();
    const opened = await engagementAtLink(db, token, NOW);
    expect(opened).toMatchObject({ letter: { id: letter.id }, state: "sent" });
    expect((await env.DB.prepare("SELECT * FROM engagement_letters").all()).results).toEqual(before.results);
    expect(await count("engagement_events")).toBe(1);
    expect((await engagementAtLink(db, token, new Date(letter.expiresAt.getTime())))?.state).toBe("expired");
    expect(await engagementAtLink(db, `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, NOW)).toBeUndefined();
    expect(await engagementAtLink(db, "short", NOW)).toBeUndefined();
    expect(engagementState({ status: "signed", expiresAt: new Date(0) }, NOW)).toBe("signed");
  });

  it("records each step with the time, address, browser and e-mail, and moves its status only forward", async () => {
    const { letter, token } = await sentLetter();
    expect(await recordEngagementOpened(db, token, at(1), phone)).toMatchObject({ outcome: "recorded", letter: { status: "opened" } });
    expect(await consentToEngagement(db, token, at(2), phone)).toMatchObject({ outcome: "recorded", letter: { status: "consented" } });
    // Consenting again records nothing; opening again is recorded and keeps the status.
    expect(await consentToEngagement(db, token, at(3), phone)).toMatchObject({ outcome: "unchanged" });
    expect(await recordEngagementOpened(db, token, at(4), phone)).toMatchObject({ outcome: "recorded", letter: { status: "consented" } });
    expect(await signEngagementLetter(db, token, signature({ name: "  Mina   Park " }), at(5), phone)).toMatchObject({
      outcome: "signed",
      letter: { status: "signed", signedName: "Mina Park", signedAt: at(5) },
    });
    const events = await eventsOf(letter.id);
    expect(events.map((event) => [event.seq, event.kind])).toEqual([
      [1, "sent"],
      [2, "opened"],
      [3, "consented"],
      [4, "opened"],
      [5, "signed"],
    ]);
    expect(events[2]).toMatchObject({
      ip: phone.ip,
      userAgent: phone.userAgent,
      email: "mina@example.com",
      detail: `disclosure ${letter.disclosureSha256}`,
    });
    expect(events[4]).toMatchObject({ at: at(5), detail: "Mina Park" });
    expect(await verifyEngagementChain(db, letter.id)).toEqual({ ok: true, events: 5, lastHash: events[4]!.hash });
    // A signed letter's link takes no other step.
    expect(await declineEngagement(db, token, at(6), phone)).toEqual({ outcome: "refused", reason: "signed" });
    expect(await recordEngagementOpened(db, token, at(6), phone)).toEqual({ outcome: "refused", reason: "signed" });
    expect(await withdrawEngagementLetter(db, letter.id, { ...actor, now: at(6) })).toBe(false);
  });

  it("records the consent given with the signature just before it, in the same batch", async () => {
    const { letter, token } = await sentLetter();
    await recordEngagementOpened(db, token, at(1), phone);
    expect(await signEngagementLetter(db, token, signature(), at(2), phone)).toMatchObject({ outcome: "signed" });
    expect((await eventsOf(letter.id)).map((event) => event.kind)).toEqual(["sent", "opened", "consented", "signed"]);
    expect(await verifyEngagementChain(db, letter.id)).toMatchObject({ ok: true, events: 4 });
  });
});

describe("the record's chain of hashes", () => {
  /** A letter taken to signed: five events. */
  async function signedLetter() {
    const sent = await sentLetter();
    await recordEngagementOpened(db, sent.token, at(1), phone);
    await consentToEngagement(db, sent.token, at(2), phone);
    await recordEngagementOpened(db, sent.token, at(3), { ip: "2001:db8::7", userAgent: null });
    await signEngagementLetter(db, sent.token, signature(), at(4), phone);
    return sent;
  }

  it("verifies end to end, and an event changed in the database breaks it at that event", async () => {
    const { letter } = await signedLetter();
    expect(await verifyEngagementChain(db, letter.id)).toMatchObject({ ok: true, events: 5 });
    // The database refuses to change an event.
    await expect(
      env.DB.prepare("UPDATE engagement_events SET ip = '192.0.2.1' WHERE letter_id = ?1 AND seq = 3").bind(letter.id).run(),
    ).rejects.toThrow(/append-only/);
    // Someone with direct access changes the consent's address: the chain breaks at event 3, its hash.
    await asInsider(() =>
      env.DB.prepare("UPDATE engagement_events SET ip = '192.0.2.1' WHERE letter_id = ?1 AND seq = 3").bind(letter.id).run(),
    );
    const third = (await eventsOf(letter.id))[2]!;
    expect(await verifyEngagementChain(db, letter.id)).toEqual({
      ok: false,
      broken: { at: "event", seq: 3, id: third.id, reason: "hash" },
    });
    // …and hashes it again as if it were true: then the next event no longer follows it.
    const { eventHash } = await import("../engagement/chain.ts");
    const rehashed = await eventHash(third);
    await asInsider(() =>
      env.DB.prepare("UPDATE engagement_events SET hash = ?2 WHERE letter_id = ?1 AND seq = 3").bind(letter.id, rehashed).run(),
    );
    const fourth = (await eventsOf(letter.id))[3]!;
    expect(await verifyEngagementChain(db, letter.id)).toEqual({
      ok: false,
      broken: { at: "event", seq: 4, id: fourth.id, reason: "previous-hash" },
    });
  });

  it("is broken by an event removed, by events missing from its end, and by a letter's text changed", async () => {
    const { letter } = await signedLetter();
    const events = await eventsOf(letter.id);
    // The database refuses to remove an event while its letter stands.
    await expect(env.DB.prepare("DELETE FROM engagement_events WHERE letter_id = ?1 AND seq = 2").bind(letter.id).run()).rejects.toThrow(
      /removed only with the letter/,
    );
    expect(await eventsOf(letter.id)).toHaveLength(events.length);
    await asInsider(() => env.DB.prepare("DELETE FROM engagement_events WHERE letter_id = ?1 AND seq = 2").bind(letter.id).run());
    expect(await verifyEngagementChain(db, letter.id)).toEqual({
      ok: false,
      broken: { at: "event", seq: 3, id: events[2]!.id, reason: "sequence" },
    });
    await asInsider(() => env.DB.prepare("DELETE FROM engagement_events WHERE letter_id = ?1 AND seq > 1").bind(letter.id).run());
    // One event left, a valid chain of one: but the letter is signed, and its record says only sent.
    expect(await verifyEngagementChain(db, letter.id)).toEqual({
      ok: false,
      broken: { at: "status", reason: "status", status: "signed", lastEvent: "sent" },
    });
    // The letter's words never change (a trigger), and if they were changed the check says so.
    await expect(
      env.DB.prepare("UPDATE engagement_letters SET letter_text = 'Other terms.' WHERE id = ?1").bind(letter.id).run(),
    ).rejects.toThrow(/never changes/);
    await expect(
      env.DB.prepare("UPDATE engagement_letters SET signed_name = 'Someone Else' WHERE id = ?1").bind(letter.id).run(),
    ).rejects.toThrow(/written once/);
    await asInsider(() => env.DB.prepare("UPDATE engagement_letters SET letter_text = 'Other terms.' WHERE id = ?1").bind(letter.id).run());
    expect(await verifyEngagementChain(db, letter.id)).toEqual({ ok: false, broken: { at: "letter", reason: "letter-text" } });
  });

  it.each([1, 2, 3, 4, 5])(
    "does not verify once event %i is deleted, though the letter's status is set back to where the rest lead",
    async (seq) => {
      const { letter } = await signedLetter();
      const kinds = (await eventsOf(letter.id)).map((event) => event.kind);
      expect(kinds).toEqual(["sent", "opened", "consented", "opened", "signed"]);
      const rest = kinds.filter((_, index) => index !== seq - 1);
      // As an insider with the database would cover it: the status of the events left, the signature kept or not.
      const status = rest.at(-1) === "opened" ? "consented" : rest.at(-1)!;
      await asInsider(async () => {
        await env.DB.prepare("DELETE FROM engagement_events WHERE letter_id = ?1 AND seq = ?2").bind(letter.id, seq).run();
        await env.DB.prepare("UPDATE engagement_letters SET status = ?2 WHERE id = ?1").bind(letter.id, status).run();
      });
      expect(await verifyEngagementChain(db, letter.id)).toMatchObject({ ok: false });
      // The signature removed from the row too, with the signed event, is the one change the record cannot show:
      // the PDF mailed at signing is the copy outside the database (docs/security.md).
    },
  );

  it("does not verify when the row's signature is not its last event's", async () => {
    const { letter } = await signedLetter();
    await asInsider(() =>
      env.DB.prepare("UPDATE engagement_letters SET signed_at = signed_at + 60000 WHERE id = ?1").bind(letter.id).run(),
    );
    expect(await verifyEngagementChain(db, letter.id)).toMatchObject({ ok: false, broken: { at: "status", reason: "signature" } });
  });

  it("lets an event go with its letter, as retention deletes a letter past its period", async () => {
    const { letter } = await signedLetter();
    await env.DB.prepare("DELETE FROM engagement_letters WHERE id = ?1").bind(letter.id).run();
    expect(await env.DB.prepare("SELECT count(*) AS n FROM engagement_events WHERE letter_id = ?1").bind(letter.id).first("n")).toBe(0);
  });

  it("does not fork when appends come at once: each takes the next place, and one place is never taken twice", async () => {
    const { letter, token } = await sentLetter();
    const opened = await Promise.all(
      [1, 2, 3, 4].map((minute) => recordEngagementOpened(db, token, at(minute), { ...phone, ip: `198.51.100.${minute}` })),
    );
    expect(opened.map((step) => step.outcome)).toEqual(["recorded", "recorded", "recorded", "recorded"]);
    const events = await eventsOf(letter.id);
    expect(events.map((event) => event.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(events.map((event) => event.ip))).toEqual(
      new Set([null, "198.51.100.1", "198.51.100.2", "198.51.100.3", "198.51.100.4"]),
    );
    expect(await verifyEngagementChain(db, letter.id)).toMatchObject({ ok: true, events: 5 });
    // A second event at a place already taken is refused by the database itself.
    const last = events.at(-1)!;
    await expect(
      env.DB.prepare(
        "INSERT INTO engagement_events (letter_id, seq, kind, at, email, prev_hash, hash) VALUES (?1, 5, 'opened', 0, 'x@example.com', ?2, 'fork')",
      )
        .bind(letter.id, events[3]!.hash)
        .run(),
    ).rejects.toThrow(/UNIQUE constraint failed/);
    expect((await eventsOf(letter.id)).at(-1)).toEqual(last);
  });

  it("makes one signature of two signing at once", async () => {
    const { letter, token } = await sentLetter();
    await recordEngagementOpened(db, token, at(1), phone);
    const [first, second] = await Promise.all([
      signEngagementLetter(db, token, signature({ name: "Mina Park" }), at(2), phone),
      signEngagementLetter(db, token, signature({ name: "M. Park" }), at(2), { ...phone, ip: "198.51.100.8" }),
    ]);
    const outcomes = [first!, second!];
    expect(outcomes.filter((outcome) => outcome.outcome === "signed")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.outcome === "refused")).toEqual([{ outcome: "refused", reason: "signed" }]);
    const events = await eventsOf(letter.id);
    expect(events.map((event) => event.kind)).toEqual(["sent", "opened", "consented", "signed"]);
    const winner = outcomes.find((outcome) => outcome.outcome === "signed")!;
    expect(winner.outcome === "signed" && winner.letter.signedName).toBe(events[3]!.detail);
    expect(await verifyEngagementChain(db, letter.id)).toMatchObject({ ok: true, events: 4 });
  });
});

describe("a signature", () => {
  it.each([
    ["an empty name", { name: "   " }, "name-empty"],
    ["a name with a control character", { name: "Mina\u0000Park" }, "name-invalid"],
    ["a name with a line break", { name: "Mina\nPark" }, "name-invalid"],
    ["a name with a direction override", { name: "Mina \u202EkraP" }, "name-invalid"],
    ["a name without a letter", { name: "...." }, "name-invalid"],
    ["a name too long", { name: "M".repeat(201) }, "name-invalid"],
    ["no consent to electronic records", { consent: false }, "consent-missing"],
    ["the box not ticked", { agreed: false }, "agreement-missing"],
    ["another version than the link's", { version: 2 }, "stale"],
    ["another text than the letter's", { letterSha256: "0".repeat(64) }, "stale"],
  ] as const)("is refused for %s, recording nothing", async (_case, overrides, reason) => {
    const { letter, token } = await sentLetter();
    await recordEngagementOpened(db, token, at(1), phone);
    expect(await signEngagementLetter(db, token, signature(overrides), at(2), phone)).toEqual({ outcome: "refused", reason });
    expect((await eventsOf(letter.id)).map((event) => event.kind)).toEqual(["sent", "opened"]);
    expect((await engagementAtLink(db, token, at(2)))?.letter.status).toBe("opened");
  });

  it("takes a name in any script, as typed but for its spaces, and needs no consent again once given", async () => {
    expect(signatureName("  Zoë   Ōkubo-Núñez ")).toEqual({ ok: true, name: "Zoë Ōkubo-Núñez" });
    expect(signatureName("李 小龍")).toEqual({ ok: true, name: "李 小龍" });
    const { token } = await sentLetter();
    await consentToEngagement(db, token, at(1), phone);
    expect(await signEngagementLetter(db, token, signature({ consent: false }), at(2), phone)).toMatchObject({ outcome: "signed" });
  });

  it.each([
    ["an unknown link", "unknown"],
    ["a link past its last day", "expired"],
    ["a letter already signed", "signed"],
    ["a letter declined", "declined"],
    ["a letter asked for on paper", "paper-requested"],
    ["a letter withdrawn", "withdrawn"],
    ["a letter replaced by a newer version", "voided"],
  ] as const)("is refused on %s", async (_case, reason) => {
    const { letter, token, submissionId } = await sentLetter();
    let when = at(10);
    let link = token;
    if (reason === "unknown") link = `${token.slice(0, -2)}xy`;
    if (reason === "expired") when = new Date(letter.expiresAt.getTime() + MINUTE);
    if (reason === "signed") await signEngagementLetter(db, token, signature(), at(1), phone);
    if (reason === "declined") await declineEngagement(db, token, at(1), phone);
    if (reason === "paper-requested") await requestPaperEngagement(db, token, at(1), phone);
    if (reason === "withdrawn") expect(await withdrawEngagementLetter(db, letter.id, { ...actor, now: at(1) })).toBe(true);
    if (reason === "voided") await letterFor(submissionId, "hourly", at(1));
    const events = await count("engagement_events");
    expect(await signEngagementLetter(db, link, signature({ name: "Someone" }), when, phone)).toEqual({ outcome: "refused", reason });
    expect(await count("engagement_events")).toBe(events);
    expect(await verifyEngagementChain(db, letter.id)).toMatchObject({ ok: true });
  });
});

describe("an inquiry's letter signed", () => {
  const inquiry = async (id: string) =>
    (await env.DB.prepare(
      "SELECT intake_state AS state, engaged_at AS engagedAt, intake_changed_at AS changedAt, intake_changed_by AS changedBy FROM contact_submissions WHERE id = ?1",
    )
      .bind(id)
      .first<{ state: string; engagedAt: number | null; changedAt: number | null; changedBy: string | null }>())!;
  const activityOf = async (id: string) =>
    (
      await env.DB.prepare("SELECT action, actor, detail, at FROM admin_activity WHERE submission_id = ?1 ORDER BY id")
        .bind(id)
        .all<{ action: string; actor: string; detail: string | null; at: number }>()
    ).results;
  const setState = (id: string, state: string) =>
    env.DB.prepare("UPDATE contact_submissions SET intake_state = ?2 WHERE id = ?1").bind(id, state).run();

  beforeEach(() => env.DB.exec("DELETE FROM admin_activity"));

  it("engages a cleared inquiry in the signature's batch, by words rather than an address, and logs the version and name", async () => {
    const { submissionId, token } = await sentLetter();
    await setState(submissionId, "cleared");
    expect((await signEngagementLetter(db, token, signature({ name: "  Mina   Park " }), at(5), phone)).outcome).toBe("signed");
    const after = await inquiry(submissionId);
    expect(after).toMatchObject({ state: "engaged", engagedAt: at(5).getTime(), changedAt: at(5).getTime() });
    expect(after.changedBy).toBeTruthy();
    expect(after.changedBy).not.toContain("@");
    const [entry, ...more] = await activityOf(submissionId);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ action: "engagement-signed", at: at(5).getTime() });
    expect(entry!.actor).not.toContain("@");
    expect(entry!.detail).toContain("1");
    expect(entry!.detail).toContain("Mina Park");
  });

  it("leaves an inquiry engaged by hand as it was, keeping when it was engaged", async () => {
    const { submissionId, token } = await sentLetter();
    await env.DB.prepare(
      "UPDATE contact_submissions SET intake_state = 'engaged', engaged_at = ?2, intake_changed_at = ?2, intake_changed_by = 'attorney@example.com' WHERE id = ?1",
    )
      .bind(submissionId, at(1).getTime())
      .run();
    expect((await signEngagementLetter(db, token, signature(), at(5), phone)).outcome).toBe("signed");
    expect(await inquiry(submissionId)).toEqual({
      state: "engaged",
      engagedAt: at(1).getTime(),
      changedAt: at(1).getTime(),
      changedBy: "attorney@example.com",
    });
    expect((await activityOf(submissionId)).map((entry) => entry.action)).toEqual(["engagement-signed"]);
  });

  it("does not move an inquiry that is new, the intake not allowing it", async () => {
    const { submissionId, token } = await sentLetter();
    expect((await signEngagementLetter(db, token, signature(), at(5), phone)).outcome).toBe("signed");
    expect((await inquiry(submissionId)).state).toBe("new");
  });

  it.each(["conflict", "declining", "declined", "closed"])(
    "is refused while its inquiry is %s, the check made in the batch that writes: nothing signed, engaged or logged",
    async (state) => {
      const { submissionId, letter, token } = await sentLetter();
      await recordEngagementOpened(db, token, at(1), phone);
      // The state alone, as if its letters were not withdrawn yet: the link's own writes refuse.
      await setState(submissionId, state);
      expect((await engagementAtLink(db, token, at(2)))?.state).toBe("withdrawn");
      expect(await signEngagementLetter(db, token, signature(), at(5), phone)).toEqual({ outcome: "refused", reason: "withdrawn" });
      expect(await consentToEngagement(db, token, at(5), phone)).toEqual({ outcome: "refused", reason: "withdrawn" });
      expect((await eventsOf(letter.id)).map((event) => event.kind)).toEqual(["sent", "opened"]);
      expect((await inquiry(submissionId)).state).toBe(state);
      expect(await activityOf(submissionId)).toEqual([]);
    },
  );

  it("moves nothing and logs nothing when the signature is refused", async () => {
    const { submissionId, token } = await sentLetter();
    await setState(submissionId, "cleared");
    expect((await signEngagementLetter(db, token, signature({ agreed: false }), at(5), phone)).outcome).toBe("refused");
    expect(await signEngagementLetter(db, token, signature(), at(15 * 24 * 60), phone)).toEqual({ outcome: "refused", reason: "expired" });
    expect((await inquiry(submissionId)).state).toBe("cleared");
    expect(await activityOf(submissionId)).toEqual([]);
  });

  it("signed twice at once engages once and logs one signature", async () => {
    const { submissionId, token } = await sentLetter();
    await setState(submissionId, "cleared");
    const outcomes = await Promise.all([1, 2, 3].map(() => signEngagementLetter(db, token, signature(), at(5), phone)));
    expect(outcomes.filter((outcome) => outcome.outcome === "signed").length).toBeGreaterThan(0);
    expect((await inquiry(submissionId)).state).toBe("engaged");
    expect((await activityOf(submissionId)).map((entry) => entry.action)).toEqual(["engagement-signed"]);
  });

  it("signed after its inquiry was deleted keeps the signature and engages nothing", async () => {
    const { submissionId, letter, token } = await sentLetter();
    await env.DB.prepare("DELETE FROM contact_submissions WHERE id = ?1").bind(submissionId).run();
    expect((await signEngagementLetter(db, token, signature(), at(5), phone)).outcome).toBe("signed");
    expect((await engagementRecord(db, letter.id))!.letter.status).toBe("signed");
  });
});

describe("an inquiry's client steps in the log", () => {
  const actions = async (id: string) =>
    (
      await env.DB.prepare("SELECT action, actor FROM admin_activity WHERE submission_id = ?1 ORDER BY id").bind(id).all<{
        action: string;
        actor: string;
      }>()
    ).results;

  beforeEach(() => env.DB.exec("DELETE FROM admin_activity"));

  it("logs a decline and a request for paper, once each, and not the opening or the consent", async () => {
    const first = await sentLetter();
    await recordEngagementOpened(db, first.token, at(1), phone);
    await consentToEngagement(db, first.token, at(2), phone);
    await declineEngagement(db, first.token, at(3), phone);
    await declineEngagement(db, first.token, at(4), phone);
    expect((await actions(first.submissionId)).map((entry) => entry.action)).toEqual(["engagement-declined"]);
    const second = await sentLetter();
    await requestPaperEngagement(db, second.token, at(3), phone);
    expect((await actions(second.submissionId)).map((entry) => entry.action)).toEqual(["engagement-paper-requested"]);
    expect((await actions(second.submissionId))[0]!.actor).not.toContain("@");
  });
});

describe("an inquiry declined, closed or a possible conflict", () => {
  it.each([
    ["closed", { state: "closed" as const }, "the inquiry closed"],
    ["declined", { state: "declining" as const, letter: "We cannot take this on." }, "the inquiry declined"],
  ])("when %s, withdraws its letters still open or asked for on paper, each logged, and leaves a signed one", async (_case, step, why) => {
    const { submissionId, letter, token } = await sentLetter();
    await env.DB.prepare("UPDATE contact_submissions SET intake_state = 'cleared' WHERE id = ?1").bind(submissionId).run();
    await recordEngagementOpened(db, token, at(1), phone);
    expect(await changeIntakeState(db, submissionId, { ...step, by: "attorney@example.com", now: at(2) })).toMatchObject({ ok: true });
    expect((await engagementAtLink(db, token, at(3)))?.state).toBe("withdrawn");
    const events = await eventsOf(letter.id);
    expect(events.at(-1)).toMatchObject({ kind: "voided", detail: expect.stringContaining("attorney@example.com") });
    expect(await verifyEngagementChain(db, letter.id)).toMatchObject({ ok: true });
    const logged = await env.DB.prepare(
      "SELECT actor, detail FROM admin_activity WHERE submission_id = ?1 AND action = 'engagement-withdrawn'",
    )
      .bind(submissionId)
      .all();
    expect(logged.results).toEqual([{ actor: "attorney@example.com", detail: `version 1; ${why}` }]);

    const paper = await sentLetter();
    await requestPaperEngagement(db, paper.token, at(1), phone);
    const signed = await sentLetter();
    await signEngagementLetter(db, signed.token, signature(), at(1), phone);
    for (const { submissionId: id } of [paper, signed]) {
      await env.DB.prepare("UPDATE contact_submissions SET intake_state = 'engaged' WHERE id = ?1").bind(id).run();
      expect(await changeIntakeState(db, id, { state: "closed", by: "attorney@example.com", now: at(2) })).toMatchObject({ ok: true });
    }
    expect((await engagementAtLink(db, paper.token, at(3)))?.state).toBe("withdrawn");
    expect((await engagementAtLink(db, signed.token, at(3)))?.state).toBe("signed");
  });

  it("when a possible conflict is recorded, withdraws its open letter: its link signs nothing", async () => {
    const { submissionId, letter, token } = await sentLetter();
    await recordIntake(db, submissionId, "cleared", { now: at(1) });
    await recordIntake(db, submissionId, "conflict", { now: at(2), note: "Represents the gallery on the other side." });
    expect((await engagementAtLink(db, token, at(3)))?.state).toBe("withdrawn");
    expect(await signEngagementLetter(db, token, signature(), at(3), phone)).toEqual({ outcome: "refused", reason: "withdrawn" });
    expect((await eventsOf(letter.id)).at(-1)).toMatchObject({ kind: "voided" });
    // Cleared again, its letter stays withdrawn: a new version is sent for a new signature.
    await recordIntake(db, submissionId, "cleared", { now: at(4) });
    expect((await engagementAtLink(db, token, at(5)))?.state).toBe("withdrawn");
  });
});

describe("a new version", () => {
  it("voids the earlier version's link in the same batch, and is the one the inquiry shows first", async () => {
    const { letter: first, token: firstToken, submissionId } = await sentLetter();
    await recordEngagementOpened(db, firstToken, at(1), phone);
    const second = await letterFor(submissionId, "flat-fee", at(2));
    expect(second).toMatchObject({ outcome: "created", letter: { version: 2, kind: "flat-fee", status: "sent" }, voided: [first.id] });
    if (second.outcome !== "created") return;
    expect((await engagementAtLink(db, firstToken, at(3)))?.state).toBe("voided");
    const voided = (await eventsOf(first.id)).at(-1)!;
    expect(voided).toMatchObject({
      seq: 3,
      kind: "voided",
      at: at(2),
      detail: "replaced by version 2, sent by attorney@example.com",
      ip: null,
      userAgent: null,
    });
    expect(await verifyEngagementChain(db, first.id)).toMatchObject({ ok: true, events: 3 });
    expect(await verifyEngagementChain(db, second.letter.id)).toMatchObject({ ok: true, events: 1 });
    expect(await consentToEngagement(db, firstToken, at(3), phone)).toEqual({ outcome: "refused", reason: "voided" });
    expect(await signEngagementLetter(db, second.token, signature({ version: 2 }), at(3), phone)).toMatchObject({ outcome: "signed" });
    expect((await engagementLettersOfInquiry(db, submissionId)).map((letter) => [letter.version, letter.status])).toEqual([
      [2, "signed"],
      [1, "voided"],
    ]);
    // Once a version is signed, no other is made.
    expect(await letterFor(submissionId, "hourly", at(4))).toEqual({ outcome: "signed" });
  });

  it("made twice at once leaves one letter open, every version numbered once", async () => {
    const { submissionId } = await sentLetter();
    const made = await Promise.all([letterFor(submissionId, "hourly", at(1)), letterFor(submissionId, "limited-scope", at(1))]);
    expect(made.map((outcome) => outcome.outcome)).toEqual(["created", "created"]);
    const versions = await engagementLettersOfInquiry(db, submissionId);
    expect(versions.map((letter) => letter.version)).toEqual([3, 2, 1]);
    expect(versions.map((letter) => letter.status)).toEqual(["sent", "voided", "voided"]);
    for (const letter of versions) expect(await verifyEngagementChain(db, letter.id)).toMatchObject({ ok: true });
  });
});

describe("the engagement record's retention", () => {
  it("outlives its inquiry: a deletion keeps the letter, the person's name and address, and its record", async () => {
    const { letter, token, submissionId } = await sentLetter();
    await signEngagementLetter(db, token, signature(), at(1), phone);
    await env.DB.prepare("DELETE FROM contact_submissions WHERE id = ?1").bind(submissionId).run();
    const kept = (await engagementRecord(db, letter.id))!;
    expect(kept.letter).toMatchObject({ submissionId: null, clientName: "Mina Park", clientEmail: "mina@example.com", status: "signed" });
    expect(kept.events).toHaveLength(3);
    expect(await verifyEngagementChain(db, letter.id)).toMatchObject({ ok: true, events: 3 });
  });

  it("ends for letters whose last event is older than the period, records and all, their PDFs removed first or the letters kept", async () => {
    const old = await sentLetter();
    await signEngagementLetter(db, old.token, signature(), at(1), phone);
    await env.DB.prepare("UPDATE engagement_letters SET pdf_key = 'engagement-letters/old.pdf', pdf_sha256 = ?2 WHERE id = ?1")
      .bind(old.letter.id, "a".repeat(64))
      .run();
    const recent = await sentLetter();
    await recordEngagementOpened(db, recent.token, at(3), phone);
    const removed: string[][] = [];
    const failing = () => Promise.reject(new Error("R2 unavailable"));
    await expect(deleteEngagementRecordsBefore(db, at(2), failing)).rejects.toThrow(/R2 unavailable/);
    expect((await engagementRecord(db, old.letter.id))?.letter.pdfKey).toBe("engagement-letters/old.pdf");
    expect(await deleteEngagementRecordsBefore(db, at(2), async (keys) => void removed.push(keys))).toBe(1);
    expect(removed).toEqual([["engagement-letters/old.pdf"]]);
    expect(await engagementRecord(db, old.letter.id)).toBeUndefined();
    expect(await env.DB.prepare("SELECT count(*) AS n FROM engagement_events WHERE letter_id = ?1").bind(old.letter.id).first("n")).toBe(0);
    expect((await engagementRecord(db, recent.letter.id))?.events).toHaveLength(2);
  });
});
