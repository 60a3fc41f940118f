import { buttonClass } from "../../components/ButtonLink.tsx";
import { Section } from "../shared/Section.tsx";
import { roleLabels } from "../../db/register.ts";
import type { EngagementEvent, EngagementLetter, EngagementStatus } from "../../db/schema.ts";
import type { ChainCheck } from "../../engagement/chain.ts";
import type { StoredCheck } from "../../engagement/records.ts";
import { Fact } from "../shared/Fact.tsx";
import { sheet } from "../shared/Letter.tsx";
import { Notice } from "../shared/Notice.tsx";
import { When } from "../shared/When.tsx";
import { pageHeading, standaloneLink } from "../shared/fields.ts";
import { lastDayOf, longDay } from "../shared/link-days.ts";
import { BackToInquiry, type Inquiry } from "./Inquiry.tsx";
import { EngagementBadge, letterPath } from "./EngagementLetters.tsx";
import { Paragraphs } from "./Paragraphs.tsx";

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

/** "View the record": a version's facts, its chain verified, each event in order, the PDF, and the exact texts. */
export function RecordPage({ inquiry, letter, state, events, check, matter, pdfCheck }: RecordPageProps) {
  const path = letterPath(inquiry.id, letter.id);
  return (
    <>
      <BackToInquiry inquiry={inquiry} />
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
        <Fact term="Sent" wrap="break-words">
          <When date={letter.createdAt} />
          {` by ${letter.createdBy}`}
        </Fact>
        <Fact term="Its link opens it" wrap="break-words">{`Until the end of ${longDay(lastDayOf(letter.expiresAt))}`}</Fact>
        {letter.signedAt && (
          <Fact term="Signed" wrap="break-words">
            {`“${letter.signedName ?? ""}”, `}
            <When date={letter.signedAt} />
          </Fact>
        )}
        {matter && (
          <Fact term="The matter" wrap="break-words">
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

      <Section id="events" heading="Events, in order" className="mt-10" anchored={false}>
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
      </Section>

      <Section id="texts" heading="The exact texts" className="mt-10 max-w-3xl" anchored={false}>
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
      </Section>
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
      <BackToInquiry inquiry={inquiry} />
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
