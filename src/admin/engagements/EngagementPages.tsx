import type { ReactNode } from "react";
import { buttonClass } from "../../components/ButtonLink.tsx";
import type { EngagementTemplate } from "../../content/collections.ts";
import { roleLabels } from "../../db/register.ts";
import type { EngagementEvent, EngagementLetter, EngagementStatus } from "../../db/schema.ts";
import type { ChainCheck } from "../../engagement/chain.ts";
import type { StoredCheck } from "../../engagement/records.ts";
import { EngagementBadge, letterPath } from "./EngagementLetters.tsx";
import { lastDayOf, longDay } from "../consultations/times.ts";
import { CopyButton } from "../shared/CopyButton.tsx";
import { HiddenFields } from "../shared/HiddenFields.tsx";
import { PartyRoleField } from "../register/PartyRoleField.tsx";
import { Notice } from "../shared/Notice.tsx";
import { sheet } from "../submission/DeclineLetter.tsx";
import { fieldClass, labelClass, pageHeading, standaloneLink } from "../shared/fields.ts";
import { type EngagementForm, MATTER_TITLE_MAX, type PreparedEngagement, engagementTemplates } from "./prepare.ts";
import { isoTime, seattleTime } from "../shared/format.ts";
import { type Letter, letterHref } from "../shared/mail-links.ts";

/*
 * The engagement letter's pages in the inbox: preparing it (the template, its fields, the matter and each
 * party's role), its preview exactly as the client will read it (the disclosure, then the letter) with Send
 * and Copy link, the link shown once, and a version's record (its events in order, the chain verified, the
 * signed PDF and its check).
 */

const sectionHeading = "font-serif text-2xl font-semibold tracking-tight";

/** The inquiry as these pages name it. */
export interface Inquiry {
  readonly id: string;
  readonly name: string;
  readonly email: string;
}

function When({ date }: { date: Date }) {
  return <time dateTime={isoTime(date)}>{seattleTime(date)}</time>;
}

function BackLink({ inquiry, children = `Back to ${inquiry.name}` }: { inquiry: Inquiry; children?: string }) {
  return (
    <p className="pb-4">
      <a href={`/admin/submissions/${inquiry.id}#engagement`} className={standaloneLink}>
        {children}
      </a>
    </p>
  );
}

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

/** The problems with what was posted, as a list under one notice. */
function Problems({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <div className="pb-6">
      <div role="alert" className="rounded-lg border-l-4 border-danger bg-danger/5 p-4">
        <p className="font-medium">Nothing was sent yet:</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export interface PreparePageProps {
  readonly inquiry: Inquiry;
  /** The template chosen, if one is. */
  readonly template?: EngagementTemplate;
  /** What the form starts with: prefilled, the last version's, or what was typed. */
  readonly form: EngagementForm;
  readonly problems?: readonly string[];
  /** A version is out, which sending a new one replaces. */
  readonly replacing?: number;
}

/**
 * "Prepare the engagement letter": the template to choose (a form of its own, so it works without script),
 * then its fields, the matter's name and each named party's role (chosen, never assumed), and "Preview".
 */
export function PreparePage({ inquiry, template, form, problems = [], replacing }: PreparePageProps) {
  return (
    <>
      <BackLink inquiry={inquiry} />
      <Problems problems={problems} />
      <h1 className={`${pageHeading} break-words`}>{`Engagement letter for ${inquiry.name}`}</h1>
      <p className="mt-3 max-w-3xl">
        Choose the letter, fill in its fields and name the matter; the preview shows the letter exactly as the client will read it, before
        anything is sent.
        {replacing !== undefined &&
          ` Sending it makes version ${replacing + 1}: the link of version ${replacing} then opens nothing to sign.`}
      </p>

      <form method="get" action={`/admin/submissions/${inquiry.id}/engagement`} className="mt-8 max-w-3xl">
        <fieldset>
          <legend className={sectionHeading}>1. The letter</legend>
          <div className="mt-3 space-y-1">
            {engagementTemplates().map((each) => (
              <label key={each.kind} className="flex min-h-11 items-center gap-3">
                <input
                  type="radio"
                  name="kind"
                  value={each.kind}
                  required
                  defaultChecked={each.kind === template?.kind}
                  className="size-5 accent-accent"
                />
                <span>{each.title}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className={`${buttonClass(template ? "secondary" : "primary")} mt-3`}>
          {template ? "Use this letter instead" : "Use this letter"}
        </button>
      </form>

      {template && (
        <form method="post" action={`/admin/submissions/${inquiry.id}/engagement/preview`} className="mt-10 max-w-3xl">
          <HiddenFields fields={{ kind: template.kind }} />
          <h2 className={sectionHeading}>{`2. ${template.title}: its fields`}</h2>
          {template.fields.map((field) => {
            const id = `engagement-field-${field.name}`;
            const value = form.values[field.name] ?? "";
            const invalid = problems.length > 0 && value.trim() === "";
            return (
              <div key={field.name} className="mt-5">
                <label htmlFor={id} className={labelClass}>
                  {field.label}
                </label>
                {field.help && (
                  <p id={`${id}-help`} className="mt-1 text-sm text-muted">
                    {field.help}
                  </p>
                )}
                {field.multiline ? (
                  <textarea
                    id={id}
                    name={`field-${field.name}`}
                    rows={4}
                    required
                    defaultValue={value}
                    aria-describedby={field.help ? `${id}-help` : undefined}
                    aria-invalid={invalid || undefined}
                    className={`${fieldClass} field-sizing-content`}
                  />
                ) : (
                  <input
                    id={id}
                    name={`field-${field.name}`}
                    required
                    defaultValue={value}
                    aria-describedby={field.help ? `${id}-help` : undefined}
                    aria-invalid={invalid || undefined}
                    className={fieldClass}
                  />
                )}
              </div>
            );
          })}

          <h2 className={`${sectionHeading} mt-10`}>3. The matter, for the conflict register</h2>
          <p className="mt-2 text-muted">
            When the client signs, the conflict register gets them as a client, with this matter and its parties in the roles chosen here.
          </p>
          <label htmlFor="engagement-title" className={`${labelClass} mt-4`}>
            The matter's name in the register
          </label>
          <input
            id="engagement-title"
            name="title"
            required
            maxLength={MATTER_TITLE_MAX}
            defaultValue={form.title}
            aria-invalid={(problems.length > 0 && form.title.trim() === "") || undefined}
            className={fieldClass}
          />
          {form.parties.map((party, index) => (
            <PartyRoleField
              key={party.name}
              idPrefix="engagement"
              index={index}
              party={party.name}
              role={party.role}
              invalid={problems.length > 0 && party.role === ""}
            />
          ))}

          <button type="submit" className={`${buttonClass()} mt-8`}>
            Preview
          </button>
          <p className="mt-2 text-sm text-muted">Shows the letter as the client will read it. Nothing is sent yet.</p>
        </form>
      )}
    </>
  );
}

/** A text of several paragraphs (blank lines between), as the client's page sets it. */
function Paragraphs({ text, className = "" }: { text: string; className?: string }) {
  return (
    <div className={`space-y-4 ${className}`}>
      {text.split(/\n{2,}/).map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text, in order
        <p key={index} className="break-words whitespace-pre-line">
          {paragraph}
        </p>
      ))}
    </div>
  );
}

/** The disclosure, then the letter: what the client reads, in that order. */
function AsTheClientReadsIt({ disclosure, letter }: { disclosure: string; letter: string }) {
  const [heading, ...rest] = disclosure.split(/\n{2,}/);
  return (
    <>
      <section aria-labelledby="preview-disclosure-heading" className="mt-8 max-w-3xl">
        <h2 id="preview-disclosure-heading" className={sectionHeading}>
          {heading}
        </h2>
        <Paragraphs text={rest.join("\n\n")} className="mt-4" />
      </section>
      <section aria-labelledby="preview-letter-heading" className="mt-10 max-w-3xl">
        <h2 id="preview-letter-heading" className={sectionHeading}>
          The letter
        </h2>
        <div className={`${sheet} mt-4`}>
          <Paragraphs text={letter} />
        </div>
      </section>
    </>
  );
}

export interface PreviewPageProps {
  readonly inquiry: Inquiry;
  readonly form: EngagementForm;
  readonly prepared: PreparedEngagement;
  /** The SHA-256 of the letter's text, which sending checks it still is. */
  readonly letterSha256: string;
  /** The covering e-mail's subject, and the practice's sending address (CLIENT_MAIL_FROM) when it can send. */
  readonly subject: string;
  readonly sendFrom?: string;
  readonly replyTo: string;
  readonly error?: string;
  readonly replacing?: number;
  /** The last day the link will open the letter, written long, if it is sent today. */
  readonly lastDay: string;
}

/** "Preview": the letter exactly as the client will read it, then Send (when set up) or Copy link, or back to change it. */
export function PreviewPage({
  inquiry,
  form,
  prepared,
  letterSha256,
  subject,
  sendFrom,
  replyTo,
  error,
  replacing,
  lastDay,
}: PreviewPageProps) {
  const fields = formFields(form);
  const action = `/admin/submissions/${inquiry.id}/engagement`;
  return (
    <>
      <BackLink inquiry={inquiry} />
      {error && <Notice tone="error">{error}</Notice>}
      <h1 className={`${pageHeading} break-words`}>{`Preview: ${prepared.template.title}`}</h1>
      <p className="mt-3 max-w-3xl">
        {`This is exactly what ${prepared.clientName} will read at the private link, first the notice about receiving it electronically, then the letter. Nothing is sent yet.`}
        {replacing !== undefined && ` Sending makes version ${replacing + 1} and closes the link of version ${replacing}.`}
      </p>
      <dl className="mt-4 grid max-w-3xl gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">To</dt>
        <dd className="break-all">{inquiry.email}</dd>
        <dt className="font-semibold">Subject</dt>
        <dd className="break-words">{subject}</dd>
        <dt className="font-semibold">The matter</dt>
        <dd className="break-words">
          {prepared.matter.title}
          {prepared.matter.parties.map((party) => `; ${party.name}: ${roleLabels[party.role]}`).join("")}
        </dd>
      </dl>

      <AsTheClientReadsIt disclosure={prepared.disclosureText} letter={prepared.letterText} />

      <section aria-labelledby="preview-send-heading" className="mt-10 max-w-3xl">
        <h2 id="preview-send-heading" className={sectionHeading}>
          Send it
        </h2>
        <form method="post" action={`${action}/send`} className="mt-4">
          <HiddenFields fields={{ ...fields, letterSha256 }} />
          {sendFrom ? (
            <p className="text-muted">{`From ${sendFrom}, replies to ${replyTo}: the covering e-mail with the private link, which opens the letter until the end of ${lastDay}.`}</p>
          ) : (
            <p className="text-muted">
              {"Sending to clients is not set up (docs/operators.md, “Mail to clients”): copy the link into your own mail. "}
              {`The link is shown once, on the next page, and opens the letter until the end of ${lastDay}.`}
            </p>
          )}
          <div className="mt-4 flex flex-wrap gap-3">
            {sendFrom && (
              <button type="submit" name="how" value="send" className={buttonClass()}>
                Send from the practice
              </button>
            )}
            <button type="submit" name="how" value="copy" className={buttonClass(sendFrom ? "secondary" : "primary")}>
              Make the link to copy
            </button>
          </div>
        </form>
        <form method="post" action={`${action}/edit`} className="mt-4">
          <HiddenFields fields={fields} />
          <button type="submit" className={standaloneLink}>
            Change something first
          </button>
        </form>
      </section>
    </>
  );
}

export interface LinkPageProps {
  readonly inquiry: Inquiry;
  readonly letter: Pick<EngagementLetter, "version" | "title">;
  readonly link: string;
  readonly lastDay: string;
  /** The covering e-mail, for her own mail program. */
  readonly invitation: Letter;
  /** Why the e-mail did not go, when sending was tried. */
  readonly error?: string;
}

/** The one page a letter's private link is ever shown on: the link to copy and the covering e-mail for her own mail. */
export function LinkPage({ inquiry, letter, link, lastDay, invitation, error }: LinkPageProps) {
  return (
    <>
      <BackLink inquiry={inquiry} />
      {error ? (
        <Notice tone="error">{error}</Notice>
      ) : (
        <Notice>{`Version ${letter.version} is ready: its link opens it until the end of ${lastDay}.`}</Notice>
      )}
      <h1 className={`${pageHeading} break-words`}>{`${letter.title}: the link for ${inquiry.name}`}</h1>
      <p className="mt-3 max-w-3xl">
        This page is the only place the private link is shown: the practice keeps only a fingerprint of it. Copy it into your message before
        you leave the page; if it is lost, prepare the letter again, which closes this link.
      </p>
      <section aria-labelledby="engagement-link-heading" className="mt-10 max-w-3xl">
        <h2 id="engagement-link-heading" className={sectionHeading}>
          The link
        </h2>
        <label htmlFor="engagement-link" className={`${labelClass} mt-4`}>
          {`${inquiry.name}'s private link to read and sign the letter`}
        </label>
        <input id="engagement-link" readOnly value={link} className={`${fieldClass} font-mono text-sm`} />
        <div className="mt-4 flex flex-wrap gap-3">
          <CopyButton source="engagement-link" status="engagement-link-status" copied="Copied: paste it into your message to the client.">
            Copy the link
          </CopyButton>
          <a href={letterHref(inquiry.email, invitation)} className={buttonClass("secondary")}>
            Open the e-mail in your mail program
          </a>
        </div>
        <p id="engagement-link-status" role="status" className="mt-2 text-sm font-medium" />
      </section>
      <section aria-labelledby="engagement-invitation-heading" className="mt-10 max-w-3xl">
        <h2 id="engagement-invitation-heading" className={sectionHeading}>
          The covering e-mail
        </h2>
        <dl className="mt-4 grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">To</dt>
          <dd className="break-all">{inquiry.email}</dd>
          <dt className="font-semibold">Subject</dt>
          <dd className="break-words">{invitation.subject}</dd>
        </dl>
        <label htmlFor="engagement-invitation" className={`${labelClass} mt-4`}>
          The e-mail
        </label>
        <textarea
          id="engagement-invitation"
          readOnly
          rows={18}
          defaultValue={invitation.body}
          className={`${sheet} mt-2 block w-full field-sizing-content`}
        />
        <div className="mt-4 flex flex-wrap gap-3">
          <CopyButton source="engagement-invitation" status="engagement-invitation-status" copied="Copied: paste it into a new e-mail.">
            Copy the e-mail
          </CopyButton>
        </div>
        <p id="engagement-invitation-status" role="status" className="mt-2 text-sm font-medium" />
      </section>
      <p className="mt-10">
        <a href={`/admin/submissions/${inquiry.id}#engagement`} className={standaloneLink}>
          Done: back to the inquiry
        </a>
      </p>
    </>
  );
}

/** What the record's events are called on its page. */
const eventLabels: Record<EngagementEvent["kind"], string> = {
  sent: "Sent",
  opened: "Opened",
  consented: "Consented to electronic records",
  signed: "Signed",
  declined: "Declined",
  "paper-requested": "Asked for paper",
  voided: "Voided",
};

/** Where a chain breaks, in words. */
function chainBreakText(check: Extract<ChainCheck, { ok: false }>): string {
  const { broken } = check;
  if (broken.at === "letter")
    return broken.reason === "letter-text"
      ? "The record does not verify: the letter's stored text is not the text its SHA-256 was taken of."
      : "The record does not verify: the stored notice about electronic records is not the text its SHA-256 was taken of.";
  if (broken.at === "event") {
    const why =
      broken.reason === "sequence"
        ? "it is out of sequence (an event before it is missing)"
        : broken.reason === "previous-hash"
          ? "it does not chain to the event before it"
          : "it was changed after it was recorded";
    return `The record does not verify: it breaks at event ${broken.seq}, where ${why}.`;
  }
  return `The record does not verify: the letter's status (${broken.status}) is not where its events lead${broken.lastEvent ? ` (the last is “${broken.lastEvent}”)` : ""}; events may be missing from its end.`;
}

/** What reading the stored PDF back found, in words. */
export function pdfCheckText(
  check: StoredCheck | { readonly status: "none" },
  recorded: string | null,
): { tone: "success" | "error"; text: string } {
  switch (check.status) {
    case "match":
      return {
        tone: "success",
        text: `The stored PDF matches its recorded SHA-256 (${check.sha256}, ${check.bytes.toLocaleString("en-US")} bytes).`,
      };
    case "mismatch":
      return {
        tone: "error",
        text: `The stored PDF does not match: its SHA-256 is ${check.sha256}, the one recorded when it was stored is ${recorded ?? "none"}. It was changed or replaced since.`,
      };
    case "missing":
      return { tone: "error", text: "The stored PDF is missing: the record names it, but the bucket holds no such file." };
    case "none":
      return { tone: "error", text: "No PDF is stored for this letter yet: it is made and stored within minutes of the signature." };
  }
}

export interface RecordPageProps {
  readonly inquiry: Inquiry;
  readonly letter: EngagementLetter;
  readonly state: EngagementStatus;
  readonly events: readonly EngagementEvent[];
  readonly check: ChainCheck;
  /** The matter the letter engages the client in, if it named one. */
  readonly matter?: {
    readonly title: string;
    readonly parties: readonly { readonly name: string; readonly role: keyof typeof roleLabels }[];
  };
  /** The stored PDF read back, when "Verify the stored PDF" was asked. */
  readonly pdfCheck?: { tone: "success" | "error"; text: string };
}

/** One fact of the record. */
function Fact({ term, children, wrap = "break-words" }: { term: string; children: ReactNode; wrap?: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-widest text-muted uppercase">{term}</dt>
      <dd className={`mt-1 ${wrap}`}>{children}</dd>
    </div>
  );
}

/** "View the record": a version's facts, its chain verified, each event in order, the PDF, and the exact texts. */
export function RecordPage({ inquiry, letter, state, events, check, matter, pdfCheck }: RecordPageProps) {
  const path = letterPath(inquiry.id, letter.id);
  return (
    <>
      <BackLink inquiry={inquiry} />
      {pdfCheck && (
        <Notice tone={pdfCheck.tone}>
          <span className="wrap-anywhere">{pdfCheck.text}</span>
        </Notice>
      )}
      <h1 className={`${pageHeading} break-words`}>{`Version ${letter.version}: ${letter.title}`}</h1>
      <p className="mt-3 flex flex-wrap items-center gap-3">
        <EngagementBadge state={state} />
        <span>{`For ${letter.clientName}, ${letter.clientEmail}`}</span>
      </p>

      <div className="mt-6 max-w-3xl">
        {check.ok ? (
          <Notice className="">
            <span className="wrap-anywhere">
              {`The record verifies: ${check.events === 1 ? "1 event" : `${check.events} events`}, each chained to the one before; last hash ${check.lastHash}.`}
            </span>
          </Notice>
        ) : (
          <Notice tone="error" className="">
            {chainBreakText(check)}
          </Notice>
        )}
      </div>

      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        <Fact term="Sent">
          <When date={letter.createdAt} />
          {` by ${letter.createdBy}`}
        </Fact>
        <Fact term="Its link opens it">{`Until the end of ${longDay(lastDayOf(letter.expiresAt))}`}</Fact>
        {letter.signedAt && (
          <Fact term="Signed">
            {`“${letter.signedName ?? ""}”, `}
            <When date={letter.signedAt} />
          </Fact>
        )}
        {matter && (
          <Fact term="The matter">
            {matter.title}
            {matter.parties.map((party) => `; ${party.name}: ${roleLabels[party.role]}`).join("")}
          </Fact>
        )}
        <Fact term="SHA-256 of the letter's text" wrap="break-all font-mono text-sm">
          {letter.letterSha256}
        </Fact>
        <Fact term="SHA-256 of the notice" wrap="break-all font-mono text-sm">
          {letter.disclosureSha256}
        </Fact>
        {letter.pdfSha256 && (
          <Fact term="SHA-256 of the signed PDF" wrap="break-all font-mono text-sm">
            {letter.pdfSha256}
          </Fact>
        )}
      </dl>

      {letter.status === "signed" && (
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <a href={`${path}/pdf`} className={buttonClass()}>
            Download the signed PDF
          </a>
          <a href={`${path}/pdf/verify`} className={buttonClass("secondary")}>
            Verify the stored PDF
          </a>
        </div>
      )}

      <section aria-labelledby="events-heading" className="mt-10">
        <h2 id="events-heading" className={sectionHeading}>
          Events, in order
        </h2>
        <ol className="mt-4 space-y-3">
          {events.map((event) => (
            <li key={event.id} className="rounded-lg border border-line bg-white p-4">
              <p className="flex flex-wrap items-baseline gap-x-3 font-medium">
                <span>{`${event.seq}. ${eventLabels[event.kind]}`}</span>
                <span className="text-sm font-normal text-muted">
                  <When date={event.at} />
                </span>
              </p>
              <dl className="mt-2 grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                <dt className="font-semibold">IP address</dt>
                <dd className="break-all">{event.ip ?? "None (the practice's own step)"}</dd>
                <dt className="font-semibold">Browser</dt>
                <dd className="wrap-anywhere">{event.userAgent ?? "None"}</dd>
                <dt className="font-semibold">E-mail</dt>
                <dd className="break-all">{event.email}</dd>
                {event.detail && (
                  <>
                    <dt className="font-semibold">Detail</dt>
                    <dd className="wrap-anywhere">{event.detail}</dd>
                  </>
                )}
                <dt className="font-semibold">Hash</dt>
                <dd className="font-mono break-all">{event.hash}</dd>
              </dl>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="texts-heading" className="mt-10 max-w-3xl">
        <h2 id="texts-heading" className={sectionHeading}>
          The exact texts
        </h2>
        <details className="mt-4">
          <summary className="cursor-pointer font-medium">The notice about electronic records</summary>
          <Paragraphs text={letter.disclosureText} className="mt-3" />
        </details>
        <details className="mt-4">
          <summary className="cursor-pointer font-medium">The letter</summary>
          <div className={`${sheet} mt-3`}>
            <Paragraphs text={letter.letterText} />
          </div>
        </details>
      </section>
    </>
  );
}

/**
 * The signed PDF asked for and not found: before it is stored, it is on its way; once recorded as stored, the
 * bucket has lost it.
 */
export function PdfPendingPage({ inquiry, letter }: { inquiry: Inquiry; letter: Pick<EngagementLetter, "id" | "version" | "pdfKey"> }) {
  const lost = letter.pdfKey !== null;
  return (
    <>
      <BackLink inquiry={inquiry} />
      <h1 className={pageHeading}>{lost ? "The signed PDF is missing" : "The signed PDF is on its way"}</h1>
      <p className="mt-3 max-w-3xl">
        {lost
          ? `Version ${letter.version}'s PDF was stored, but the bucket no longer holds it. The record of its signing is kept apart from it, on its page below: tell your operator.`
          : `Version ${letter.version} is signed, but its PDF is not stored yet: it is made from the record and stored within minutes of the signature. Try again shortly.`}
      </p>
      <p className="mt-6">
        <a href={letterPath(inquiry.id, letter.id)} className={standaloneLink}>
          View the record
        </a>
      </p>
    </>
  );
}
