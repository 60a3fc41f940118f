import { type MatterStatus, type PartyRole, matterStatuses, partyRoles } from "../../db/schema.ts";
import { REGISTER_TEXT_MAX, roleLabels } from "../../db/register.ts";
import { SelectField } from "../shared/SelectField.tsx";
import { fieldClass, labelClass } from "../shared/fields.ts";

/*
 * The register's form fields, one declaration for adding and editing: a client, a matter (with the parties
 * it starts with), a party. `typed` is what a refused form held, shown again; `id` keeps each form's field ids
 * apart on a page with several.
 */

const statusLabels: Record<MatterStatus, string> = { current: "Current", closed: "Closed" };

/** The parties a new matter lists, one field per role: names one per line. */
export const partyFields: Readonly<Record<PartyRole, string>> = {
  adverse: "adverse",
  related: "related",
  client: "clientSide",
};

const partyFieldLabels: Record<PartyRole, string> = {
  adverse: "Adverse parties",
  related: "Related parties",
  client: "Others on the client's side (a contact, a co-client)",
};

type Typed = Readonly<Record<string, string>> | undefined;

function TextField({
  id,
  name,
  label,
  value,
  required,
  type = "text",
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  required?: boolean;
  type?: "text" | "email" | "date";
}) {
  return (
    <div className="min-w-56 grow">
      <label htmlFor={id} className={labelClass}>
        {label}
        {!required && <span className="font-normal text-muted"> (optional)</span>}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        required={required}
        maxLength={type === "date" ? undefined : REGISTER_TEXT_MAX}
        defaultValue={value ?? ""}
        className={fieldClass}
      />
    </div>
  );
}

export function ClientFieldset({ typed, id = "client" }: { typed?: Typed; id?: string }) {
  return (
    <fieldset className="space-y-4">
      <legend className="font-semibold">The client</legend>
      <div className="flex flex-wrap gap-4">
        <TextField id={`${id}-name`} name="name" label="Name of the person or organization" value={typed?.name} required />
        <TextField id={`${id}-email`} name="email" type="email" label="E-mail" value={typed?.email} />
      </div>
    </fieldset>
  );
}

/** A matter's fields; with `withParties`, a field per role for the names it starts with. */
export function MatterFieldset({
  typed,
  id = "matter",
  legend,
  withParties = false,
  required = false,
}: {
  typed?: Typed;
  id?: string;
  legend: string;
  withParties?: boolean;
  required?: boolean;
}) {
  return (
    <fieldset className="space-y-4">
      <legend className="font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-4">
        <TextField id={`${id}-title`} name="title" label="Matter" value={typed?.title} required={required} />
        <TextField id={`${id}-reference`} name="reference" label="Matter number" value={typed?.reference} />
      </div>
      <div className="flex flex-wrap gap-4">
        <SelectField
          id={`${id}-status`}
          name="status"
          label="Status"
          value={typed?.status ?? "current"}
          options={matterStatuses.map((status) => [status, statusLabels[status]] as const)}
        />
        <TextField id={`${id}-opened`} name="openedOn" type="date" label="Opened" value={typed?.openedOn} />
        <TextField id={`${id}-closed`} name="closedOn" type="date" label="Closed" value={typed?.closedOn} />
      </div>
      {withParties &&
        partyRoles.map((role) => (
          <div key={role}>
            <label htmlFor={`${id}-${role}`} className={labelClass}>
              {partyFieldLabels[role]} <span className="font-normal text-muted">(optional, one per line)</span>
            </label>
            <textarea
              id={`${id}-${role}`}
              name={partyFields[role]}
              rows={2}
              maxLength={5000}
              defaultValue={typed?.[partyFields[role]] ?? ""}
              className={fieldClass}
            />
          </div>
        ))}
    </fieldset>
  );
}

/** A party's name and role. */
export function PartyFields({ typed, id }: { typed?: Typed; id: string }) {
  return (
    <div className="flex flex-wrap items-end gap-4">
      <TextField id={`${id}-name`} name="name" label="Name of the person or organization" value={typed?.name} required />
      <SelectField
        id={`${id}-role`}
        name="role"
        label="Role"
        value={typed?.role ?? "adverse"}
        options={partyRoles.map((role) => [role, roleLabels[role]] as const)}
      />
    </div>
  );
}
