import type { EngagementField, EngagementTemplate } from "../../content/collections.ts";
import { type EngagementKind, engagementKinds } from "../../content/engagement.ts";
import { consultations, engagementLetters, letters, pages } from "../../content/index.ts";
import { unwrapParagraphs } from "../../content/paragraphs.ts";
import type { InboxSubmission } from "../../db/inbox.ts";
import { type EngagementLetter, type EngagementStatus, type PartyRole, partyRoles } from "../../db/schema.ts";
import { disclosureText, fillEngagementLetter, longDate } from "../../engagement/letter.ts";
import { type Letter, fillLetter } from "../shared/mail-links.ts";

/*
 * Engagement letters as the inbox prepares them: the templates (content/letters/engagement-*.md) and their
 * fields prefilled from the inquiry, the letter and the consumer disclosure exactly as the client will read
 * them (src/engagement/letter.ts), the matter a signature adds to the conflict register, and the covering
 * e-mail with the private link (content/letters/engagement-invitation.md). The database keeps the versions
 * and their records (src/db/engagements.ts).
 */

/** The templates, in the order the inbox offers them. */
export const engagementTemplates = (): readonly EngagementTemplate[] => engagementKinds.map((kind) => engagementLetters[kind]);

/** A template by its kind as posted; undefined for an unknown kind. */
export const templateOf = (kind: string | undefined): EngagementTemplate | undefined =>
  engagementKinds.includes(kind as EngagementKind) ? engagementLetters[kind as EngagementKind] : undefined;

/** How many days a letter's link opens it (content/pages/engagement.yaml). */
export const engagementLinkValidDays = () => pages.engagement.linkValidDays;

/** The practice's zone, in which a letter is dated. */
const practiceZone = () => consultations.timeZone;

/** Whether an inquiry may have an engagement letter prepared: a cleared one (a consultation is held from one too). */
export const mayPrepareEngagement = (submission: Pick<InboxSubmission, "intakeState">): boolean => submission.intakeState === "cleared";

/** What a field starts with, as its `prefill` says: the person's name, their organization (else their name), their address. */
function prefillOf(field: EngagementField, submission: Pick<InboxSubmission, "name" | "organization" | "email">): string {
  switch (field.prefill) {
    case "name":
      return submission.name;
    case "organization":
      return submission.organization?.trim() || submission.name;
    case "email":
      return submission.email;
    default:
      return "";
  }
}

/** A template's fields as the form starts them. */
export const prefilledValues = (
  template: Pick<EngagementTemplate, "fields">,
  submission: Pick<InboxSubmission, "name" | "organization" | "email">,
): Record<string, string> => Object.fromEntries(template.fields.map((field) => [field.name, prefillOf(field, submission)]));

/** A party the inquiry names, with the role chosen for it (empty: none chosen yet). */
export interface PartyChoice {
  readonly name: string;
  readonly role: PartyRole | "";
}

/** What the attorney typed and chose: the template, its fields, the matter and each party's role. */
export interface EngagementForm {
  readonly kind: string;
  readonly values: Readonly<Record<string, string>>;
  readonly title: string;
  readonly parties: readonly PartyChoice[];
}

/** Reads the engagement form from a posted body: `kind`, `field-<name>` for each field, `title`, `party-<i>` and `role-<i>`. */
export function engagementFormOf(body: Readonly<Record<string, unknown>>): EngagementForm {
  const text = (name: string) => (typeof body[name] === "string" ? (body[name] as string) : "");
  const template = templateOf(text("kind"));
  const values = Object.fromEntries((template?.fields ?? []).map((field) => [field.name, text(`field-${field.name}`)]));
  const parties: PartyChoice[] = [];
  for (let index = 0; typeof body[`party-${index}`] === "string" && index < 100; index++) {
    const role = partyRoles.find((known) => known === body[`role-${index}`]) ?? "";
    parties.push({ name: text(`party-${index}`), role });
  }
  return { kind: text("kind"), values, title: text("title"), parties };
}

/** Why a form cannot be previewed or sent. */
/** The posted form as hidden fields: the template, its values, the matter and each party's role. */
export function formFields(form: EngagementForm): Record<string, string> {
  return {
    kind: form.kind,
    ...Object.fromEntries(Object.entries(form.values).map(([name, value]) => [`field-${name}`, value])),
    title: form.title,
    ...Object.fromEntries(
      form.parties.flatMap((party, index) => [
        [`party-${index}`, party.name],
        [`role-${index}`, party.role],
      ]),
    ),
  };
}

export type FormProblem =
  | { readonly problem: "unknown-template" }
  | { readonly problem: "fields-empty"; readonly labels: readonly string[] }
  | { readonly problem: "title-empty" }
  | { readonly problem: "roles-missing"; readonly parties: readonly string[] };

/** A letter ready to send: the template, the exact texts, the values, and the matter for the register. */
export interface PreparedEngagement {
  readonly template: EngagementTemplate;
  readonly letterText: string;
  readonly disclosureText: string;
  readonly values: Readonly<Record<string, string>>;
  /** The name of the person who signs, as the letter writes it. */
  readonly clientName: string;
  readonly matter: { readonly title: string; readonly parties: readonly { readonly name: string; readonly role: PartyRole }[] };
}

/** The longest matter name taken, as the hand engagement form takes it. */
export const MATTER_TITLE_MAX = 200;

/**
 * The letter as the client will read it, from the form, dated `on`; or every problem with the form: an unknown
 * template, the labels of empty fields, no matter's name, the parties without a role.
 */
export function prepareEngagement(
  form: EngagementForm,
  submission: Pick<InboxSubmission, "name">,
  on: Date,
): { readonly ok: true; readonly prepared: PreparedEngagement } | { readonly ok: false; readonly problems: readonly FormProblem[] } {
  const template = templateOf(form.kind);
  if (!template) return { ok: false, problems: [{ problem: "unknown-template" }] };
  const problems: FormProblem[] = [];
  const filled = fillEngagementLetter(template, form.values, on, practiceZone());
  if (!filled.ok)
    problems.push({
      problem: "fields-empty",
      labels: template.fields.filter((field) => filled.missing.includes(field.name)).map((field) => field.label),
    });
  const title = form.title.replace(/\s+/g, " ").trim().slice(0, MATTER_TITLE_MAX);
  if (!title) problems.push({ problem: "title-empty" });
  const unchosen = form.parties.filter((party) => party.role === "").map((party) => party.name);
  if (unchosen.length > 0) problems.push({ problem: "roles-missing", parties: unchosen });
  if (!filled.ok || problems.length > 0) return { ok: false, problems };
  const signer = template.fields.find((field) => field.prefill === "name");
  return {
    ok: true,
    prepared: {
      template,
      letterText: filled.text,
      disclosureText: disclosureText(pages.engagement.disclosure),
      values: filled.values,
      clientName: (signer && filled.values[signer.name]) || submission.name,
      matter: { title, parties: form.parties.map((party) => ({ name: party.name, role: party.role as PartyRole })) },
    },
  };
}

/** A problem in the attorney's words. */
export function problemText(problem: FormProblem): string {
  switch (problem.problem) {
    case "unknown-template":
      return "Choose one of the practice's engagement letters: that one is not among them.";
    case "fields-empty":
      return `Fill in every field of the letter: ${problem.labels.map((label) => `“${label}”`).join(", ")} ${problem.labels.length === 1 ? "is" : "are"} empty.`;
    case "title-empty":
      return "Name the matter, for the conflict register.";
    case "roles-missing":
      return `Choose the role of each party in the matter: ${problem.parties.map((name) => `“${name}”`).join(", ")} ${problem.parties.length === 1 ? "has" : "have"} none.`;
  }
}

/** Where a letter's link leads: /engage/{secret} on this site as the attorney reaches it (production, a preview, localhost). */
export const engagementLink = (origin: string, token: string) => `${origin}/engage/${token}`;

/**
 * The covering e-mail (content/letters/engagement-invitation.md) for one letter, its values filled in literally:
 * its subject the template's, its text naming the person, the day, the letter's title, its link and its last day.
 */
export function invitationLetter(
  template: Pick<EngagementTemplate, "subject" | "title">,
  to: { readonly name: string },
  link: { readonly url: string; readonly expires: string },
  preparedOn: Date,
): Letter {
  const values = {
    visitorName: to.name,
    date: longDate(preparedOn, practiceZone()),
    letterTitle: template.title,
    engagementLink: link.url,
    linkExpires: link.expires,
  };
  return {
    subject: fillLetter(template.subject, values),
    body: fillLetter(unwrapParagraphs(letters.engagementInvitation.body).trim(), values),
  };
}

/** The letter's version that engages the inquiry: its signed one, if any. */
export const signedLetterOf = (list: readonly EngagementLetter[]): EngagementLetter | undefined =>
  list.find((letter) => letter.status === "signed");

/** Whether a letter can still be withdrawn (its link open, or paper asked for): the database decides again. */
export const withdrawable = (state: EngagementStatus): boolean => ["sent", "opened", "consented", "paper-requested"].includes(state);
