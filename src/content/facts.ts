import type { SiteFacts } from "./collections.ts";
import { monthsInWords } from "./durations.ts";

/**
 * The facts of the site a content file may write as `{{name}}` (e.g. "write to {{email}}"), from
 * content/site.yaml. The build fills them in, so the practice's name or address is changed in one place,
 * and a name that is not listed here fails the build with the file and line.
 */
export function factsOf(site: SiteFacts) {
  return {
    practiceName: site.practiceName,
    tagline: site.tagline,
    founderName: site.founder.name,
    founderFirstName: site.founder.firstName,
    they: site.founder.pronouns.subject,
    them: site.founder.pronouns.object,
    their: site.founder.pronouns.possessive,
    email: site.email,
    city: site.location.city,
    state: site.location.regionName,
    copyrightYear: String(site.copyrightYear),
    /** "2 business days": how soon the practice answers an inquiry. */
    answerTime: `${site.answerWithinBusinessDays} business day${site.answerWithinBusinessDays === 1 ? "" : "s"}`,
    /** "2 years" (or "18 months"): how long contact-form messages are kept, as the clean-up job applies it. */
    retentionPeriod: monthsInWords(site.retention.messageMonths),
    /** How long an inquiry's conflict record is kept after its message is erased, likewise. */
    conflictRecordPeriod: monthsInWords(site.retention.conflictRecordMonths),
    /** How long the inbox's activity log keeps an entry, likewise. */
    activityLogPeriod: monthsInWords(site.retention.activityLogMonths),
    /**
     * How long where an inquiry came from (src/contact/attribution.ts), its answer to "how did you hear about
     * us" and the practice's notes on it are kept: they are erased with the message.
     */
    visitSourcePeriod: monthsInWords(site.retention.messageMonths),
    /** How long the conflict register keeps a client after their last matter closed, likewise. */
    registerPeriod: monthsInWords(site.retention.registerMonthsAfterClose),
    /** How long a consultation's offer and booking are kept after its time (or an unused offer's last day). */
    bookingPeriod: monthsInWords(site.retention.bookingMonths),
    /**
     * How long an engagement letter, its signing record (each event, with its address and browser) and its signed
     * PDF are kept after the letter's last event: beyond the inquiry's own records, and whatever a deletion request asks.
     */
    engagementRecordPeriod: monthsInWords(site.retention.engagementRecordMonths),
    /** How long the nightly backups keep what the database held (src/queue/backup/retention.ts). */
    backupPeriod: `${site.retention.backups.nights} nights, and the first backup of each month for ${monthsInWords(site.retention.backups.months)}`,
  } as const satisfies Record<string, string>;
}

export type ContentFacts = ReturnType<typeof factsOf>;

/**
 * The facts that say how long the clean-up job keeps each record: the privacy policy must state every one
 * (the content check refuses a policy that leaves one out), so what it promises is what the code does.
 */
export const retentionFacts = [
  "retentionPeriod",
  "conflictRecordPeriod",
  "activityLogPeriod",
  "visitSourcePeriod",
  "registerPeriod",
  "bookingPeriod",
  "engagementRecordPeriod",
  "backupPeriod",
] as const satisfies readonly (keyof ContentFacts)[];

/** The legal notice that states them: content/legal/privacy-policy.md. */
export const PRIVACY_POLICY_SLUG = "privacy-policy";

/**
 * What a letter (content/letters/) may also write, filled in by the inquiry inbox when it opens the letter: the
 * person's name and the day; in the consultation offer the person's booking link and its last day; in the
 * engagement letter's covering e-mail its private link, its last day and the letter's title.
 */
export const letterTokens = ["visitorName", "date", "bookingLink", "linkExpires", "engagementLink", "letterTitle"] as const;
