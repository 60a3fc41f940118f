import { buttonClass } from "../../components/ButtonLink.tsx";
import type { EngagementTemplate } from "../../content/collections.ts";
import { PartyRoleField } from "../register/PartyRoleField.tsx";
import { HiddenFields } from "../shared/HiddenFields.tsx";
import { fieldClass, labelClass, pageHeading, sectionHeading } from "../shared/fields.ts";
import { BackToInquiry, type Inquiry } from "./Inquiry.tsx";
import { type EngagementForm, MATTER_TITLE_MAX, engagementTemplates } from "./prepare.ts";

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
      <BackToInquiry inquiry={inquiry} />
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
          <TemplateFields template={template} values={form.values} invalidIfEmpty={problems.length > 0} />

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

/** The chosen template's fields, each as its value starts; an empty one marked invalid once the form was refused. */
function TemplateFields({
  template,
  values,
  invalidIfEmpty,
}: {
  template: EngagementTemplate;
  values: Readonly<Record<string, string>>;
  invalidIfEmpty: boolean;
}) {
  return template.fields.map((field) => {
    const id = `engagement-field-${field.name}`;
    const value = values[field.name] ?? "";
    const invalid = invalidIfEmpty && value.trim() === "";
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
  });
}
