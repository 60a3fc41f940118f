import { StandingBadge } from "../shared/StandingBadge.tsx";
import { buttonClass } from "../../components/ButtonLink.tsx";
import { engagementState } from "../../db/engagements.ts";
import type { EngagementLetter, EngagementStatus, IntakeState } from "../../db/schema.ts";
import { lastDayOf, longDay } from "../shared/link-days.ts";
import { engagementCopy } from "../shared/copy.ts";
import { mayPrepareEngagement, signedLetterOf, withdrawable } from "./prepare.ts";
import { When } from "../shared/When.tsx";
import { standaloneLink } from "../shared/fields.ts";

/*
 * An inquiry's engagement letters, on its page: each version, newest first, with its template's title, where
 * it stands and when, "Withdraw" while its link is open, its record; the signed one with its PDF. On a cleared
 * inquiry, "Prepare the engagement letter" (or a new version, which replaces the one out).
 */

/** Where a letter stands, as a badge. */
export const EngagementBadge = ({ state }: { state: EngagementStatus }) => <StandingBadge {...engagementCopy[state]} />;

/** Where a letter's pages are in the inbox. */
export const letterPath = (submissionId: string, letterId: string) => `/admin/submissions/${submissionId}/engagements/${letterId}`;

/** The last step the client or the practice took, in words, when it is not the sending itself. */
function lastStep(state: EngagementStatus): string | undefined {
  switch (state) {
    case "opened":
      return "Opened by the client";
    case "consented":
      return "Consented to receive it electronically";
    case "declined":
      return "Declined by the client";
    case "paper-requested":
      return "The client asked for it on paper";
    case "withdrawn":
      return "Withdrawn";
    case "voided":
      return "Replaced by a newer version";
    default:
      return undefined;
  }
}

/** One version: its badge and title, when it went and to whom, its last step, its link's last day, its actions. */
function Version({ submissionId, letter, now }: { submissionId: string; letter: EngagementLetter; now: Date }) {
  const state = engagementState(letter, now);
  const step = lastStep(state);
  const path = letterPath(submissionId, letter.id);
  return (
    <li className="rounded-lg border border-line bg-white p-4">
      <p className="flex flex-wrap items-center gap-3">
        <EngagementBadge state={state} />
        <span className="font-medium">{`Version ${letter.version}: ${letter.title}`}</span>
      </p>
      <ul className="mt-2 space-y-1 text-sm text-muted">
        <li>
          {"Sent "}
          <When date={letter.createdAt} />
          {` by ${letter.createdBy} to ${letter.clientEmail}, for ${letter.clientName} to sign.`}
        </li>
        {step && (
          <li>
            {`${step} `}
            <When date={letter.changedAt} />.
          </li>
        )}
        {letter.signedAt && (
          <li>
            {`Signed “${letter.signedName ?? ""}” `}
            <When date={letter.signedAt} />.
          </li>
        )}
        {(state === "sent" || state === "opened" || state === "consented") && (
          <li>{`The link opens it until the end of ${longDay(lastDayOf(letter.expiresAt))}.`}</li>
        )}
        {state === "expired" && <li>{`The link closed at the end of ${longDay(lastDayOf(letter.expiresAt))}.`}</li>}
      </ul>
      <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-3">
        <a href={path} className={standaloneLink}>
          View the record
          <span className="sr-only">{` of version ${letter.version}`}</span>
        </a>
        {letter.status === "signed" && (
          <a href={`${path}/pdf`} className={standaloneLink}>
            Download the signed PDF
            <span className="sr-only">{` of version ${letter.version}`}</span>
          </a>
        )}
        {withdrawable(state) && (
          <form method="post" action={`${path}/withdraw`}>
            <button type="submit" className={buttonClass("secondary")}>
              Withdraw
              <span className="sr-only">{` version ${letter.version}`}</span>
            </button>
          </form>
        )}
      </div>
    </li>
  );
}

/** The part's body: engaged by a signed letter, or the letters and "Prepare the engagement letter". */
export function EngagementLetters({
  submission,
  letters,
  now,
}: {
  submission: { readonly id: string; readonly intakeState: IntakeState };
  letters: readonly EngagementLetter[];
  now: Date;
}) {
  const signed = signedLetterOf(letters);
  const out = letters.some((letter) => withdrawable(engagementState(letter, now)));
  return (
    <>
      {signed && (
        <p className="mt-4 max-w-3xl font-medium">
          {`Engaged by the signed letter: version ${signed.version}, signed by ${signed.signedName ?? signed.clientName}`}
          {signed.signedAt && (
            <>
              {" "}
              <When date={signed.signedAt} />
            </>
          )}
          {". "}
          <a href={`${letterPath(submission.id, signed.id)}/pdf`} className={standaloneLink}>
            Download the signed PDF
          </a>
        </p>
      )}
      {letters.length === 0 ? (
        <p className="mt-4 max-w-3xl text-muted">No engagement letter sent yet.</p>
      ) : (
        <ol className="mt-4 space-y-3">
          {letters.map((letter) => (
            <Version key={letter.id} submissionId={submission.id} letter={letter} now={now} />
          ))}
        </ol>
      )}
      {!signed && mayPrepareEngagement(submission) && (
        <p className="mt-4">
          <a href={`/admin/submissions/${submission.id}/engagement`} className={buttonClass(out ? "secondary" : "primary")}>
            {out ? "Prepare a new version" : "Prepare the engagement letter"}
          </a>
          {out && (
            <span className="mt-2 block max-w-3xl text-sm text-muted">
              Sending a new version closes the link of the one out: the client can sign only the newest.
            </span>
          )}
        </p>
      )}
      {!signed && !mayPrepareEngagement(submission) && letters.length > 0 && (
        <p className="mt-4 max-w-3xl text-sm text-muted">An engagement letter is prepared from a cleared inquiry.</p>
      )}
    </>
  );
}
