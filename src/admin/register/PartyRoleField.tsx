import { roleLabels } from "../../db/register.ts";
import { type PartyRole, partyRoles } from "../../db/schema.ts";
import { HiddenFields } from "../shared/HiddenFields.tsx";
import { fieldClass, labelClass } from "../shared/fields.ts";

/**
 * "Who is “…” in the matter?": one named party's role for the conflict register, chosen, never assumed (no
 * role is preselected unless one was chosen before). Posted as `party-{index}` and `role-{index}`.
 */
export function PartyRoleField({
  idPrefix,
  index,
  party,
  role = "",
  invalid = false,
}: {
  /** The form's own prefix for the select's id, so two forms on one page never share one. */
  idPrefix: string;
  index: number;
  party: string;
  role?: PartyRole | "";
  invalid?: boolean;
}) {
  const id = `${idPrefix}-role-${index}`;
  return (
    <div className="mt-4">
      <label htmlFor={id} className={labelClass}>
        {`Who is “${party}” in the matter?`}
      </label>
      <HiddenFields fields={{ [`party-${index}`]: party }} />
      <select id={id} name={`role-${index}`} required defaultValue={role} aria-invalid={invalid || undefined} className={fieldClass}>
        <option value="" disabled>
          Choose a role
        </option>
        {partyRoles.map((each) => (
          <option key={each} value={each}>
            {roleLabels[each]}
          </option>
        ))}
      </select>
    </div>
  );
}
