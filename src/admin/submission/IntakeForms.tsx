import { buttonClass } from "../../components/ButtonLink.tsx";
import { partyNames } from "../../db/conflict-names.ts";
import type { InboxSubmission } from "../../db/inbox.ts";
import { INTAKE_NOTE_MAX } from "../../db/intake.ts";
import type { IntakeState } from "../../db/schema.ts";
import { PartyRoleField } from "../register/PartyRoleField.tsx";
import { HiddenFields } from "../shared/HiddenFields.tsx";
import { intakeCopy } from "../shared/copy.ts";
import { fieldClass, labelClass } from "../shared/fields.ts";

/* The intake's forms: a check's outcome, "Record: engaged", and each other step's button. */

/**
 * A current check's outcomes. With no match, clearing is the one-tap step; with matches, a possible conflict
 * comes first, and clearing asks why none of them is a conflict (the server refuses it without).
 */
export function CheckOutcomeForms({
  outcomes,
  matches,
  action,
  fields,
}: {
  outcomes: readonly IntakeState[];
  matches: number;
  action: string;
  fields: Record<string, string>;
}) {
  // Whether this check's outcome is still to be decided: once cleared, only a possible conflict may follow.
  const deciding = outcomes.includes("cleared");
  const conflict = outcomes.includes("conflict") && (
    <form method="post" action={action} className="mt-4 max-w-2xl">
      <HiddenFields fields={{ state: "conflict", ...fields }} />
      <label htmlFor="intake-note" className={labelClass}>
        What the possible conflict is
      </label>
      <textarea id="intake-note" name="note" rows={3} maxLength={INTAKE_NOTE_MAX} required className={fieldClass} />
      <button type="submit" className={`${buttonClass(matches > 0 && deciding ? "primary" : "secondary")} mt-3`}>
        {intakeCopy.conflict.action}
      </button>
    </form>
  );
  if (matches === 0 || !deciding)
    return (
      <>
        {deciding && (
          <div className="mt-4">
            <IntakeButton action={action} state="cleared" fields={fields} primary />
          </div>
        )}
        {conflict}
      </>
    );
  return (
    <>
      <p className="mt-1 max-w-3xl">
        {`The check found ${matches === 1 ? "1 other inquiry" : `${matches} other inquiries`}: ${conflict ? "record a possible conflict, or clear it with your reason" : "to clear it, give your reason"}.`}
      </p>
      {conflict}
      <form method="post" action={action} className="mt-6 max-w-2xl">
        <HiddenFields fields={{ state: "cleared", ...fields }} />
        <label htmlFor="cleared-reason" className={labelClass}>
          Why none of the matches is a conflict
        </label>
        <textarea id="cleared-reason" name="reason" rows={2} maxLength={INTAKE_NOTE_MAX} required className={fieldClass} />
        <button type="submit" className={`${buttonClass("secondary")} mt-3`}>
          {intakeCopy.cleared.action}
        </button>
      </form>
    </>
  );
}

/**
 * "Record: engaged", which adds the client, the matter and its parties to the conflict register: the matter's
 * name, and the role of each party the inquiry names (asked, never assumed).
 */
export function EngageForm({
  submission: s,
  action,
  fields,
}: {
  submission: InboxSubmission;
  action: string;
  fields: Record<string, string>;
}) {
  const parties = partyNames(s.parties);
  return (
    <form method="post" action={action} className="mt-6 max-w-2xl rounded-lg border border-line p-4">
      <HiddenFields fields={{ state: "engaged", ...fields }} />
      <p className="max-w-3xl">
        {`Engaging adds ${s.name} to the conflict register as a client, with this matter${s.organization ? `, ${s.organization} on the client's side` : ""}${parties.length > 0 ? " and the parties named below" : ""}.`}
      </p>
      <label htmlFor="engage-title" className={`${labelClass} mt-4`}>
        The matter
      </label>
      <input id="engage-title" name="title" required maxLength={200} defaultValue={s.organization ?? ""} className={fieldClass} />
      {parties.map((party, index) => (
        <PartyRoleField key={party} idPrefix="engage" index={index} party={party} />
      ))}
      <button type="submit" className={`${buttonClass("secondary")} mt-4`}>
        {intakeCopy.engaged.action}
      </button>
    </form>
  );
}

export function IntakeButton({
  action,
  state,
  fields,
  primary = false,
}: {
  action: string;
  state: IntakeState;
  fields: Record<string, string>;
  primary?: boolean;
}) {
  return (
    <form method="post" action={action}>
      <HiddenFields fields={{ state, ...fields }} />
      <button type="submit" className={buttonClass(primary ? "primary" : "secondary")}>
        {intakeCopy[state].action}
      </button>
    </form>
  );
}
