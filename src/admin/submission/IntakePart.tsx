import { buttonClass } from "../../components/ButtonLink.tsx";
import { type CheckView, namesToCheck } from "../../db/conflict-check.ts";
import type { InboxSubmission } from "../../db/inbox.ts";
import { checkOutcomes } from "../../db/intake.ts";
import { nextIntakeStates } from "../../db/intake-states.ts";
import type { ConflictCheckRow } from "../../db/schema.ts";
import { CheckForm, CheckResults, checkSummary } from "../conflicts/CheckResults.tsx";
import { HiddenFields } from "../shared/HiddenFields.tsx";
import { IntakeBadge } from "../shared/IntakeBadge.tsx";
import { When } from "../shared/When.tsx";
import type { DoneNotice } from "../shared/notices.ts";
import { clearedSentence, intakeCopy } from "../shared/copy.ts";
import { fieldClass, labelClass, standaloneLink } from "../shared/fields.ts";
import { dayLabel } from "../shared/format.ts";
import { keptDeclineLetter } from "../shared/mail-links.ts";
import { CancelDecline, DeclineLetter, PrepareDeclineLetter } from "./DeclineLetter.tsx";
import { CheckOutcomeForms, EngageForm, IntakeButton } from "./IntakeForms.tsx";
import { Part, Standing, textBlock } from "./Part.tsx";

/** The intake: where it stands, the conflict check of every name, and the steps that may follow. */
export function Intake({
  submission: s,
  done,
  check,
  checkCurrent,
  outcomeCheck,
  today,
  registerClient,
}: {
  submission: InboxSubmission;
  done?: DoneNotice;
  check?: CheckView;
  checkCurrent: boolean;
  outcomeCheck?: ConflictCheckRow;
  today: string;
  registerClient?: { readonly id: string; readonly name: string };
}) {
  const next = nextIntakeStates[s.intakeState];
  const from = { from: s.intakeState };
  const action = `/admin/submissions/${s.id}/intake`;
  const outcomes = checkCurrent ? next.filter((state) => checkOutcomes.has(state)) : [];
  const steps = next.filter((state) => !checkOutcomes.has(state) && state !== "declining" && state !== "declined" && state !== "engaged");
  return (
    <Part id="intake" heading="Intake" done={done}>
      <Standing badge={<IntakeBadge state={s.intakeState} />} meaning={intakeCopy[s.intakeState].meaning} />
      {s.intakeChangedAt && (
        <p className="mt-2 text-muted">
          Recorded <When date={s.intakeChangedAt} />
          {s.intakeChangedBy && ` by ${s.intakeChangedBy}`}
          {s.intakeCheckId !== null && checkOutcomes.has(s.intakeState) && (
            <>
              {", on "}
              <a href={`/admin/submissions/${s.id}/checks/${s.intakeCheckId}`} className={standaloneLink}>
                the conflict check it rests on
              </a>
            </>
          )}
          .
        </p>
      )}
      {s.intakeState === "cleared" && outcomeCheck && <p className="mt-2 font-medium">{clearedSentence(outcomeCheck, s.clearedReason)}</p>}
      {s.intakeState === "conflict" && s.intakeNote && <div className={textBlock}>{s.intakeNote}</div>}
      {registerClient && (
        <p className="mt-2">
          {"In the conflict register as a matter of "}
          <a href={`/admin/register/clients/${registerClient.id}`} className={standaloneLink}>
            {registerClient.name}
          </a>
          .
        </p>
      )}
      {s.intakeState === "declined" && s.declineLetterSentOn && (
        <p className="mt-2">{`The letter was sent on ${dayLabel(s.declineLetterSentOn)}.`}</p>
      )}

      {(s.intakeState === "declining" || s.intakeState === "declined") && s.declinedAt && (
        <DeclineLetter submission={s} letter={keptDeclineLetter(s, s.declinedAt)} />
      )}
      {s.intakeState === "declining" && <LetterSent submission={s} today={today} />}
      {s.intakeState === "declining" && s.declinedFrom && <CancelDecline submissionId={s.id} to={s.declinedFrom} />}

      <h3 className="mt-8 text-lg font-semibold">Check for conflicts</h3>
      <p className="mt-1 max-w-3xl text-muted">
        {`Searches the conflict register and every inquiry ever received for each name this one gives: ${namesToCheck(s)
          .map((name) => `“${name.text}”`)
          .join(", ")}.`}
      </p>
      {check ? (
        <>
          <p className="mt-3 font-medium">{checkSummary(check)}</p>
          {!checkCurrent && <p className="mt-1 text-danger">That check searched other names than the inquiry gives now: check again.</p>}
          <CheckResults view={check} submissionId={s.id} />
        </>
      ) : (
        <p className="mt-3">No check yet.</p>
      )}
      <CheckForm submissionId={s.id} again={check !== undefined} />

      {next.length > 0 && s.intakeState !== "declining" && (
        <>
          <h3 className="mt-8 text-lg font-semibold">Record the next step</h3>
          {!checkCurrent && next.some((state) => checkOutcomes.has(state)) && (
            <p className="mt-1 max-w-3xl text-muted">
              “Conflict cleared” and “possible conflict” can be recorded once all names are checked: each rests on that check.
            </p>
          )}
          {check && outcomes.length > 0 && (
            <CheckOutcomeForms outcomes={outcomes} matches={check.check.matchCount} action={action} fields={from} />
          )}
          {next.includes("engaged") && <EngageForm submission={s} action={action} fields={from} />}
          {steps.length > 0 && (
            <div className="mt-6 flex flex-wrap items-start gap-3">
              {steps.map((state) => (
                <IntakeButton key={state} action={action} state={state} fields={from} />
              ))}
            </div>
          )}
          {next.includes("declining") && <PrepareDeclineLetter submission={s} from={s.intakeState} />}
        </>
      )}
    </Part>
  );
}

/** The decline's second step: the day the letter went out (today unless said otherwise). */
function LetterSent({ submission: s, today }: { submission: InboxSubmission; today: string }) {
  return (
    <form method="post" action={`/admin/submissions/${s.id}/letter-sent`} className="mt-6 flex flex-wrap items-end gap-4">
      <HiddenFields fields={{ from: "declining" }} />
      <div>
        <label htmlFor="letter-sent-on" className={labelClass}>
          Sent on
        </label>
        <input id="letter-sent-on" name="sentOn" type="date" required defaultValue={today} max={today} className={fieldClass} />
      </div>
      <button type="submit" className={buttonClass()}>
        {intakeCopy.declined.action}
      </button>
    </form>
  );
}
