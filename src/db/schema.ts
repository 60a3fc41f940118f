import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { contactFields } from "../contact/fields.ts";
import { engagementKinds } from "../content/engagement.ts";

/**
 * Where an inquiry stands for the practice: new until a conflict check, then cleared or a possible
 * conflict; then engaged, declined (the letter written, then sent: "declining" until the attorney says it
 * went), or closed with no matter to take on (a question answered, spam, or marked handled before intake
 * states existed). The moves allowed between them are src/db/intake.ts's.
 */
export const intakeStates = ["new", "cleared", "conflict", "engaged", "declining", "declined", "closed"] as const;
export type IntakeState = (typeof intakeStates)[number];

/** Where a submission's notification e-mail stands. */
export const notificationStatuses = ["pending", "sent", "failed"] as const;
export type NotificationStatus = (typeof notificationStatuses)[number];

const requiredText = () => text().notNull();
/** NULL when the visitor left the field empty. */
const optionalText = () => text();

/** A column per contact field (src/contact/fields.ts), named as the field. */
type FieldColumns = {
  [F in (typeof contactFields)[number] as F["name"]]: F["required"] extends true
    ? ReturnType<typeof requiredText>
    : ReturnType<typeof optionalText>;
};
const fieldColumns = Object.fromEntries(
  contactFields.map((field) => [field.name, field.required ? requiredText() : optionalText()]),
) as FieldColumns;

/** One message sent through the contact form. */
export const contactSubmissions = sqliteTable(
  "contact_submissions",
  {
    /** Random UUID, made before the insert so the queue message can name the row. */
    id: text("id").primaryKey(),
    ...fieldColumns,
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
    notificationStatus: text("notification_status", { enum: notificationStatuses }).notNull().default("pending"),
    /** Delivery attempts made by the queue consumer. */
    notificationAttempts: integer("notification_attempts").notNull().default(0),
    /** When the e-mail went out; set once, which makes sending idempotent. */
    notifiedAt: integer("notified_at", { mode: "timestamp_ms" }),
    /** While a consumer is sending this row's e-mail, no other delivery of the message may send it. */
    notificationLeaseUntil: integer("notification_lease_until", { mode: "timestamp_ms" }),
    /** Last time the row was put on the queue (by the API or the sweep); NULL if that failed. */
    queuedAt: integer("queued_at", { mode: "timestamp_ms" }),
    /** Why the last attempt failed; never holds the message itself. */
    notificationError: text("notification_error"),
    /** When a delivery last claimed the row; with queued_at, the row's last sign of life (see db/delivery.ts). */
    notificationLastAttemptAt: integer("notification_last_attempt_at", { mode: "timestamp_ms" }),
    /** Where the inquiry stands for the practice (see intakeStates). */
    intakeState: text("intake_state", { enum: intakeStates }).notNull().default("new"),
    /** Why a possible conflict was recorded (required for that state); never the visitor's words. */
    intakeNote: text("intake_note"),
    /** When the intake state last changed, and who changed it (the Access identity's e-mail). */
    intakeChangedAt: integer("intake_changed_at", { mode: "timestamp_ms" }),
    intakeChangedBy: text("intake_changed_by"),
    /** The conflict record's words as a search finds them (src/db/conflict-names.ts); NULL for rows stored before. */
    conflictKeys: text("conflict_keys"),
    /** When retention erased the message, keeping the conflict record; NULL while the message is kept. */
    messageErasedAt: integer("message_erased_at", { mode: "timestamp_ms" }),
    /** How many other inquiries and register entries the newest conflict check found; NULL before any check. */
    latestCheckMatches: integer("latest_check_matches"),
    /** The conflict check the last "cleared" or "possible conflict" rests on (conflict_checks.id). */
    intakeCheckId: integer("intake_check_id"),
    /**
     * Why the attorney cleared a check that found other inquiries (required then; NULL when it found none):
     * kept with intake_check_id until another outcome is recorded.
     */
    clearedReason: text("cleared_reason"),
    /** When the inquiry first became engaged: kept when it is closed later, for the digest's sources. */
    engagedAt: integer("engaged_at", { mode: "timestamp_ms" }),
    /** When the decline was recorded (the letter not yet sent). */
    declinedAt: integer("declined_at", { mode: "timestamp_ms" }),
    /** The intake state the decline was recorded from, which cancelling it returns to; NULL for earlier declines. */
    declinedFrom: text("declined_from", { enum: intakeStates }),
    /** The decline letter as the attorney left it when recording the decline; NULL for earlier declines. */
    declineLetter: text("decline_letter"),
    /** The day (YYYY-MM-DD, Seattle) the attorney says the decline letter went out. */
    declineLetterSentOn: text("decline_letter_sent_on"),
    /** The day (YYYY-MM-DD, Seattle) to come back to the inquiry; NULL when none is set. */
    followUpOn: text("follow_up_on"),
    /** Where the inquiry came from (src/contact/attribution.ts); erased with the message. */
    sourcePage: text("source_page"),
    landingPage: text("landing_page"),
    referrerHost: text("referrer_host"),
  },
  (table) => [
    // The inbox pages newest first by (created_at, id); filtered by status, the same order.
    index("contact_submissions_created_idx").on(table.createdAt, table.id),
    index("contact_submissions_status_idx").on(table.notificationStatus, table.createdAt, table.id),
    // Privacy requests match addresses case-insensitively.
    index("contact_submissions_email_idx").on(sql`${table.email} collate nocase`),
    // The inbox filtered by intake state, newest first; the digest's inquiries still waiting for a check.
    index("contact_submissions_intake_idx").on(table.intakeState, table.createdAt, table.id),
    // The inbox filtered by where inquiries came from, newest first.
    index("contact_submissions_source_page_idx").on(table.sourcePage, table.createdAt, table.id),
    index("contact_submissions_landing_page_idx").on(table.landingPage, table.createdAt, table.id),
    index("contact_submissions_referrer_idx").on(table.referrerHost, table.createdAt, table.id),
    // Rows stored before the conflict keys existed, which a check counts from their columns: usually none.
    index("contact_submissions_unkeyed_idx").on(table.id).where(sql`${table.conflictKeys} is null`),
    // Follow-ups: only the few inquiries that have a date.
    index("contact_submissions_follow_up_idx").on(table.followUpOn, table.createdAt, table.id).where(sql`${table.followUpOn} is not null`),
  ],
);

export type ContactSubmission = typeof contactSubmissions.$inferSelect;

/**
 * How many inquiries stand at each intake state, kept by triggers on contact_submissions (migration 0005:
 * every insert, delete and change of intake_state), so the inbox shows its counts with a read of a few rows
 * rather than of every inquiry. A state with no row has none.
 */
export const intakeCounts = sqliteTable("intake_counts", {
  state: text("state", { enum: intakeStates }).primaryKey(),
  count: integer("count").notNull(),
});

/** The kinds of admin action the activity log records. */
export const activityActions = [
  "viewed",
  "conflict-search",
  "conflict-check",
  "intake",
  "letter-written",
  "decline-cancelled",
  "declined",
  "note",
  "follow-up",
  "resent",
  "privacy-lookup",
  "exported",
  "exported-list",
  "deleted",
  "erased-message",
  "site-edit",
  "site-edit-refused",
  "backup-failed",
  "register-added",
  "register-edited",
  "register-imported",
  "consultation-offered",
  "consultation-offer-withdrawn",
  "consultation-booked",
  "consultation-rescheduled",
  "consultation-cancelled",
  "consultation-held",
  "consultation-no-show",
  "busy-time-added",
  "busy-time-removed",
  "calendar-feed",
  "engagement-sent",
  "engagement-withdrawn",
  "engagement-declined",
  "engagement-paper-requested",
  "engagement-signed",
] as const;
export type ActivityAction = (typeof activityActions)[number];

/**
 * Every admin action, append-only: who did what, when, to which inquiry. `detail` says what changed or
 * what was searched, never a message's words. Kept for the period content/site.yaml gives (retention).
 */
export const adminActivity = sqliteTable(
  "admin_activity",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
    /** The Access identity's e-mail. */
    actor: text("actor").notNull(),
    action: text("action", { enum: activityActions }).notNull(),
    /** The inquiry acted on, if one; kept as written after the inquiry is deleted. */
    submissionId: text("submission_id"),
    /** The conflict register's client acted on (its own entry, a matter or a party of theirs), if one. */
    registerClientId: text("register_client_id"),
    detail: text("detail"),
  },
  (table) => [
    index("admin_activity_at_idx").on(table.at, table.id),
    // A register client's history, newest first.
    index("admin_activity_register_idx").on(table.registerClientId, table.id).where(sql`${table.registerClientId} is not null`),
    // The log filtered by one kind of action, or by one person, newest first.
    index("admin_activity_action_idx").on(table.action, table.id),
    index("admin_activity_actor_idx").on(table.actor, table.id),
  ],
);

export type ActivityEntry = typeof adminActivity.$inferSelect;

/**
 * One conflict check of an inquiry: every name it gives searched at once ("Check all names"), and what each
 * search found. `names` is what was searched (the inquiry's own names, deleted with it); `results` holds,
 * per name, the ids of the inquiries found and where each matched (never another inquiry's words, which
 * the page reads afresh and which a privacy deletion removes).
 */
export const conflictChecks = sqliteTable(
  "conflict_checks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    submissionId: text("submission_id")
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
    /** The Access identity's e-mail. */
    by: text("by").notNull(),
    /** The names searched, as JSON (src/db/conflict-check.ts). */
    names: text("names").notNull(),
    /** Per name, the inquiries found, as JSON (src/db/conflict-check.ts). */
    results: text("results").notNull(),
    /** Inquiries found other than this one, all names together. */
    matchCount: integer("match_count").notNull(),
    /** How many names of the other inquiries on record the check compared with; NULL for earlier checks. */
    comparedNames: integer("compared_names"),
    /**
     * How many names of the conflict register the check compared with (included in compared_names); NULL for
     * checks made before the register, which searched inquiries alone.
     */
    registerNames: integer("register_names"),
    /** The form's one-time value: the same form posted twice checks once. */
    formToken: text("form_token"),
  },
  (table) => [
    index("conflict_checks_submission_idx").on(table.submissionId, table.id),
    uniqueIndex("conflict_checks_form_idx").on(table.submissionId, table.formToken),
  ],
);

export type ConflictCheckRow = typeof conflictChecks.$inferSelect;

/**
 * The practice's private notes on an inquiry, appended and never changed: who wrote each and when. Never in
 * an e-mail or a log line; exported and deleted with the inquiry, erased with its message.
 */
export const inquiryNotes = sqliteTable(
  "inquiry_notes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    submissionId: text("submission_id")
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
    /** The Access identity's e-mail. */
    author: text("author").notNull(),
    text: text("text").notNull(),
    /** The form's one-time value: the same note posted twice is added once. */
    formToken: text("form_token"),
  },
  (table) => [
    index("inquiry_notes_submission_idx").on(table.submissionId, table.id),
    uniqueIndex("inquiry_notes_form_idx").on(table.submissionId, table.formToken),
  ],
);

export type InquiryNote = typeof inquiryNotes.$inferSelect;

/**
 * The weekly digest e-mail, one row per week (its Monday, YYYY-MM-DD, in Seattle): claimed once however often
 * the cron fires, then delivered by the queue like a notification, with the same lease and retries.
 */
export const inquiryDigests = sqliteTable("inquiry_digests", {
  week: text("week").primaryKey(),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  /** What the last digest covered up to: this digest lists the inquiries received after it. */
  since: integer("since", { mode: "timestamp_ms" }).notNull(),
  status: text("status", { enum: notificationStatuses }).notNull().default("pending"),
  attempts: integer("attempts").notNull().default(0),
  sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  leaseUntil: integer("lease_until", { mode: "timestamp_ms" }),
  error: text("error"),
});

/**
 * The nightly backups (src/queue/backup): one row per run, named by its start (`2026-11-28T10-00-00Z`, its folder in
 * the R2 bucket). A run goes a part at a time through the queue: `step` counts the parts done and guards each
 * one (a part is recorded only by the message that found `step` where it left it), `cursor` says where the next
 * part starts, `files` what each table's parts are. Finished when its manifest is written; failed with why.
 */
export const backupRuns = sqliteTable(
  "backup_runs",
  {
    id: text("id").primaryKey(),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
    failedAt: integer("failed_at", { mode: "timestamp_ms" }),
    failure: text("failure"),
    step: integer("step").notNull().default(0),
    /** JSON: the table being read (its index among the run's tables) and the last rowid read. */
    cursor: text("cursor").notNull(),
    /** JSON: every table of the run, with its parts so far. */
    files: text("files").notNull(),
    bytes: integer("bytes").notNull().default(0),
  },
  (table) => [index("backup_runs_finished").on(table.finishedAt)],
);

/*
 * The conflict register (src/db/register.ts): the practice's clients, each client's matters, and the people
 * and organizations on each matter, beside the inquiries, so that a conflict check covers current and former
 * clients and the parties adverse to them (RPC 1.7, 1.9, 1.10). Imported from a spreadsheet, added and edited
 * in the inbox, and added by an inquiry that becomes engaged. Never removed by an inquiry's privacy deletion
 * (no foreign key to contact_submissions); kept for its own period (content/site.yaml, retention).
 */

/** Where a matter stands. */
export const matterStatuses = ["current", "closed"] as const;
export type MatterStatus = (typeof matterStatuses)[number];

/** Who a person or organization on a matter is: on the client's side, the other side, or otherwise involved. */
export const partyRoles = ["client", "adverse", "related"] as const;
export type PartyRole = (typeof partyRoles)[number];

/** Who added or last changed a register row, and when. */
const registerStamps = () => ({
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  createdBy: text("created_by").notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  updatedBy: text("updated_by").notNull(),
});

/** A client of the practice: a person or an organization. */
export const registerClients = sqliteTable(
  "register_clients",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email"),
    /** The name's and address's words as a search finds them (conflictKeys of src/db/conflict-names.ts). */
    keys: text("keys").notNull(),
    /** The inquiry that became this client's engagement, if one; kept as written after the inquiry is deleted. */
    fromSubmissionId: text("from_submission_id"),
    ...registerStamps(),
  },
  (table) => [
    index("register_clients_name_idx").on(sql`${table.name} collate nocase`, table.id),
    index("register_clients_email_idx").on(sql`${table.email} collate nocase`),
  ],
);
export type RegisterClient = typeof registerClients.$inferSelect;

/** One matter of a client: current or closed. */
export const registerMatters = sqliteTable(
  "register_matters",
  {
    id: text("id").primaryKey(),
    clientId: text("client_id")
      .notNull()
      .references(() => registerClients.id),
    title: text("title").notNull(),
    /** The practice's own number for it (a practice-management system's "matter number"), if any. */
    reference: text("reference"),
    status: text("status", { enum: matterStatuses }).notNull(),
    /** YYYY-MM-DD, when known. */
    openedOn: text("opened_on"),
    closedOn: text("closed_on"),
    /** Kept as written after the inquiry is deleted. */
    fromSubmissionId: text("from_submission_id"),
    ...registerStamps(),
  },
  (table) => [
    index("register_matters_client_idx").on(table.clientId, table.id),
    // The matter an engaged inquiry added, from the inquiry's page.
    index("register_matters_inquiry_idx").on(table.fromSubmissionId).where(sql`${table.fromSubmissionId} is not null`),
  ],
);
export type RegisterMatter = typeof registerMatters.$inferSelect;

/** A person or organization on a matter, other than the client itself. */
export const registerParties = sqliteTable(
  "register_parties",
  {
    id: text("id").primaryKey(),
    matterId: text("matter_id")
      .notNull()
      .references(() => registerMatters.id),
    name: text("name").notNull(),
    role: text("role", { enum: partyRoles }).notNull(),
    /** The name's words as a search finds them. */
    keys: text("keys").notNull(),
    ...registerStamps(),
  },
  (table) => [index("register_parties_matter_idx").on(table.matterId, table.id)],
);
export type RegisterParty = typeof registerParties.$inferSelect;

/**
 * How many names a conflict check compares with, per source ("inquiries": the entries of every inquiry's stored
 * keys; "register": each client's name and address and each party's name), kept by triggers on the tables
 * (migration 0008), so a check reads two rows rather than counting every inquiry and register entry.
 */
export const nameCounts = sqliteTable("name_counts", {
  source: text("source", { enum: ["inquiries", "register"] }).primaryKey(),
  names: integer("names").notNull(),
});

/** What a word of the conflict index belongs to: an inquiry, a register client, or a party on a register matter. */
export const wordSources = ["inquiry", "client", "party"] as const;

/**
 * The conflict index: each word of each entry's stored keys (an inquiry's `conflict_keys`, a client's or a
 * party's `keys`), written by triggers on those tables (migration 0009), so a search reads the entries holding
 * its words rather than every row. Derived: backups leave it out, and a restore's inserts write it again.
 */
export const conflictWords = sqliteTable(
  "conflict_words",
  {
    word: text("word").notNull(),
    source: text("source", { enum: wordSources }).notNull(),
    entryId: text("entry_id").notNull(),
  },
  (table) => [primaryKey({ columns: [table.word, table.source, table.entryId] })],
);

/**
 * An offer of a consultation, made from an inquiry: the private booking link's SHA-256 (the link itself is
 * never stored), the kinds it offers, until when it is good, and whether it went by e-mail. It is good for one
 * booking (bookings.offer_id is unique); withdrawn, or past `expiresAt`, it books nothing. Deleted with its
 * inquiry (a privacy deletion).
 */
export const bookingOffers = sqliteTable(
  "booking_offers",
  {
    id: text("id").primaryKey(),
    submissionId: text("submission_id")
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    /** The consultation kinds offered (ids of content/consultations.yaml), as JSON. */
    kinds: text("kinds").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    createdBy: text("created_by").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    /** When the practice e-mailed the link, and to whom; NULL when the attorney copied it into her own mail. */
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    sentTo: text("sent_to"),
    withdrawnAt: integer("withdrawn_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("booking_offers_submission_idx").on(table.submissionId, table.createdAt)],
);
export type BookingOffer = typeof bookingOffers.$inferSelect;

/** Where a consultation stands: booked (and perhaps moved), cancelled, or, after its time, held or missed. */
export const bookingStatuses = ["booked", "cancelled", "held", "no-show"] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/**
 * A booked consultation: one per offer, kept as one row through each reschedule (its `sequence`, the
 * invitation's SEQUENCE, raised on every change). The slot it holds, with its buffers, is claimed minute by
 * minute in booking_minutes. The reminder is claimed for a start time, so a moved booking is reminded of its
 * new time and never twice of one.
 */
export const bookings = sqliteTable(
  "bookings",
  {
    id: text("id").primaryKey(),
    offerId: text("offer_id")
      .notNull()
      .unique()
      .references(() => bookingOffers.id, { onDelete: "cascade" }),
    submissionId: text("submission_id")
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    startAt: integer("start_at", { mode: "timestamp_ms" }).notNull(),
    endAt: integer("end_at", { mode: "timestamp_ms" }).notNull(),
    /** The zone the client chose times in (IANA), for every e-mail to them. */
    clientZone: text("client_zone").notNull(),
    status: text("status", { enum: bookingStatuses }).notNull(),
    sequence: integer("sequence").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    changedAt: integer("changed_at", { mode: "timestamp_ms" }).notNull(),
    /** The sequence whose confirmation went out: each change's mail is claimed once, and given back if sending fails. */
    mailedSequence: integer("mailed_sequence"),
    /**
     * Who cancelled it: the booking link (the client), or the person in the inbox (by hand, or by declining,
     * closing or recording a possible conflict of its inquiry); NULL while it stands.
     */
    cancelledBy: text("cancelled_by"),
    /** The practice's reason for cancelling, as its mail tells the client; NULL when none was given. */
    cancelReason: text("cancel_reason"),
    /** The start time a reminder was claimed for, and when: a claim older than a few minutes unsent is taken again. */
    reminderFor: integer("reminder_for", { mode: "timestamp_ms" }),
    reminderClaimedAt: integer("reminder_claimed_at", { mode: "timestamp_ms" }),
    /** The start time the reminder went out for. */
    remindedFor: integer("reminded_for", { mode: "timestamp_ms" }),
  },
  (table) => [index("bookings_start_idx").on(table.startAt, table.id), index("bookings_submission_idx").on(table.submissionId)],
);
export type Booking = typeof bookings.$inferSelect;

/**
 * Each minute a booked consultation holds, buffers included, one row a minute: the constraint that makes two
 * bookings of overlapping times impossible, whatever the order their requests arrive in.
 */
export const bookingMinutes = sqliteTable(
  "booking_minutes",
  {
    /** Minutes since the epoch. */
    minute: integer("minute").primaryKey(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
  },
  (table) => [index("booking_minutes_booking_idx").on(table.bookingId)],
);

/** Where a busy time comes from: a day off or a one-off busy time from the inbox, or the attorney's own calendar. */
export const busySources = ["inbox", "calendar"] as const;

/** Times never offered: days off and busy times from the inbox (effective at once), and the calendar's, refreshed by the cron. */
export const busyTimes = sqliteTable(
  "busy_times",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    source: text("source", { enum: busySources }).notNull(),
    startAt: integer("start_at", { mode: "timestamp_ms" }).notNull(),
    endAt: integer("end_at", { mode: "timestamp_ms" }).notNull(),
    /** The inbox's note ("Day off", "Court"); NULL for the calendar's, whose titles are never stored. */
    note: text("note"),
    createdBy: text("created_by"),
  },
  (table) => [index("busy_times_end_idx").on(table.endAt, table.startAt)],
);
export type BusyTime = typeof busyTimes.$inferSelect;

/** The attorney's calendar feed: the SHA-256 of its secret address, revoked by making a new one. */
export const calendarFeedKeys = sqliteTable("calendar_feed_keys", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  createdBy: text("created_by").notNull(),
  revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
});

/** When the cron last read the attorney's own calendar, and what went wrong if it could not (one row). */
export const calendarReads = sqliteTable("calendar_reads", {
  id: integer("id").primaryKey(),
  readAt: integer("read_at", { mode: "timestamp_ms" }),
  failedAt: integer("failed_at", { mode: "timestamp_ms" }),
  failure: text("failure"),
  busyTimes: integer("busy_times"),
});

/*
 * Engagement letters signed online (src/db/engagements.ts). Each version of a letter is a row of its own, with
 * its exact text and the exact consumer disclosure the client read, each with its SHA-256; its private link is
 * kept only as a SHA-256. Its events are appended, never changed, each hashed over the one before (the first
 * over the letter itself), so that a changed or missing event breaks the chain from there on. A letter is
 * the record of what a client agreed: an inquiry's deletion (a privacy request, or its retention) leaves it,
 * with the person's name and address on the row itself (submission_id set to NULL); its own period
 * (content/site.yaml, retention.engagementRecordMonths) counts from its last event.
 */

/**
 * Where a letter stands: sent, opened, consented (to electronic records), then signed, declined or
 * paper-requested (the client's answers), or voided (replaced by a newer version) or withdrawn (by the
 * practice). `expired` is what an open letter past its last day is (engagementState); nothing stores it.
 */
export const engagementStatuses = [
  "sent",
  "opened",
  "consented",
  "signed",
  "declined",
  "paper-requested",
  "expired",
  "withdrawn",
  "voided",
] as const;
export type EngagementStatus = (typeof engagementStatuses)[number];

/** What a letter's record says happened: withdrawing appends `voided` too, with the reason in its detail. */
export const engagementEventKinds = ["sent", "opened", "consented", "signed", "declined", "paper-requested", "voided"] as const;
export type EngagementEventKind = (typeof engagementEventKinds)[number];

/** One version of an engagement letter, as sent: never changed but for its status and, once, its signature and PDF. */
export const engagementLetters = sqliteTable(
  "engagement_letters",
  {
    id: text("id").primaryKey(),
    /** The inquiry it was written from; NULL once that inquiry is deleted (the letter outlives it). */
    submissionId: text("submission_id").references(() => contactSubmissions.id, { onDelete: "set null" }),
    /** 1, 2, …: each letter prepared for one inquiry replaces the one before. */
    version: integer("version").notNull(),
    kind: text("kind", { enum: engagementKinds }).notNull(),
    /** The template's title when it was sent ("Engagement letter: hourly fees"). */
    title: text("title").notNull(),
    /** The person it went to, and the address the link went to: kept here, whatever becomes of the inquiry. */
    clientName: text("client_name").notNull(),
    clientEmail: text("client_email").notNull(),
    /** The fields as the attorney filled them in (JSON), for the next version to start from. */
    fieldValues: text("field_values").notNull(),
    letterText: text("letter_text").notNull(),
    letterSha256: text("letter_sha256").notNull(),
    disclosureText: text("disclosure_text").notNull(),
    disclosureSha256: text("disclosure_sha256").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    status: text("status", { enum: engagementStatuses }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    createdBy: text("created_by").notNull(),
    /** When its last event happened: the digest's "out unsigned since" and retention's clock. */
    changedAt: integer("changed_at", { mode: "timestamp_ms" }).notNull(),
    /** The signature: the name typed, and when (also in the signed event). Set once. */
    signedAt: integer("signed_at", { mode: "timestamp_ms" }),
    signedName: text("signed_name"),
    /** The signed PDF in the RECORDS bucket, and its SHA-256 when stored. Set once. */
    pdfKey: text("pdf_key"),
    pdfSha256: text("pdf_sha256"),
    pdfStoredAt: integer("pdf_stored_at", { mode: "timestamp_ms" }),
    /**
     * The matter the letter engages the client in (JSON, EngagementMatter: its title and parties), for the
     * conflict register once it is signed; NULL when the letter named none. Never changes after sending.
     */
    matter: text("matter"),
    /** The signed copy's mail to the client and the attorney: claimed (a lease) then sent, each once. */
    signedMailClaimedAt: integer("signed_mail_claimed_at", { mode: "timestamp_ms" }),
    signedMailedAt: integer("signed_mailed_at", { mode: "timestamp_ms" }),
    signedNoticeClaimedAt: integer("signed_notice_claimed_at", { mode: "timestamp_ms" }),
    signedNoticedAt: integer("signed_noticed_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    uniqueIndex("engagement_letters_version_idx").on(table.submissionId, table.version),
    // Letters out unsigned since a day (the digest), and retention's oldest first.
    index("engagement_letters_status_idx").on(table.status, table.changedAt),
    index("engagement_letters_changed_idx").on(table.changedAt),
  ],
);
export type EngagementLetter = typeof engagementLetters.$inferSelect;

/**
 * A letter's record, append-only (triggers refuse any UPDATE, and a DELETE but the cascade of its letter's,
 * migration 0013): each event numbered from 1 per letter (two appends racing for one number: the unique key
 * fails the second), with who it reached and from where (the client's steps only), and
 * `hash`, the SHA-256 of the event's canonical form, which includes the previous event's hash (`prev_hash`;
 * the first event's is the letter's own: src/db/engagements.ts, letterAnchor).
 */
export const engagementEvents = sqliteTable(
  "engagement_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    letterId: text("letter_id")
      .notNull()
      .references(() => engagementLetters.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    kind: text("kind", { enum: engagementEventKinds }).notNull(),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
    /** The request's client address and user agent, as Cloudflare gave them; NULL when there was none. */
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** The address the letter's link went to. */
    email: text("email").notNull(),
    /** What else the event says: the name typed at signing, who sent or withdrew it, the version that replaced it. */
    detail: text("detail"),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (table) => [uniqueIndex("engagement_events_seq_idx").on(table.letterId, table.seq)],
);
export type EngagementEvent = typeof engagementEvents.$inferSelect;
