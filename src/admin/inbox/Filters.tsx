import { buttonClass } from "../../components/ButtonLink.tsx";
import { deliveryStates } from "../../db/delivery.ts";
import type { InboxFilter } from "../../db/inbox.ts";
import { intakeStates } from "../../db/schema.ts";
import { SelectField } from "../shared/SelectField.tsx";
import { intakeCopy, stateCopy } from "../shared/copy.ts";
import { fieldClass, labelClass, standaloneLink } from "../shared/fields.ts";
import { isFiltered } from "./query.ts";

/**
 * The filters and the search, folded behind one control (open while any is in use; "Needs me" alone is a view,
 * named by the views above, and leaves it folded).
 */
export function Filters({ criteria }: { criteria: InboxFilter }) {
  const active = [
    criteria.search && "a search",
    criteria.state && `notification ${stateCopy[criteria.state].label.toLowerCase()}`,
    criteria.intake && intakeCopy[criteria.intake].label,
    criteria.source && `from ${criteria.source}`,
    criteria.followUp && (criteria.followUp === "due" ? "follow-ups due" : "with a follow-up"),
    criteria.consultation && "with a consultation to come",
  ].filter(Boolean);
  return (
    <details open={active.length > 0} className="group mt-4 rounded-lg border border-line">
      <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-4 px-4 font-medium">
        <span>
          Search and filter
          {active.length > 0 && <span className="font-normal text-muted">{`: ${active.join(", ")}`}</span>}
        </span>
        <span aria-hidden="true" className="text-muted group-open:rotate-180">
          ▾
        </span>
      </summary>
      <form
        method="post"
        action="/admin"
        role="search"
        aria-label="Filter inquiries"
        className="flex flex-wrap gap-4 border-t border-line p-4"
      >
        <div className="min-w-56 grow">
          <label htmlFor="filter-q" className={labelClass}>
            Name or e-mail
          </label>
          <input id="filter-q" name="q" type="search" defaultValue={criteria.search ?? ""} maxLength={254} className={fieldClass} />
        </div>
        <SelectField
          id="filter-intake"
          name="intake"
          label="Intake"
          value={criteria.intake}
          options={[["", "Any state"], ...intakeStates.map((state) => [state, intakeCopy[state].label] as const)]}
        />
        <SelectField
          id="filter-followup"
          name="followup"
          label="Follow-up"
          value={criteria.followUp}
          options={[
            ["", "Any"],
            ["due", "Due today or earlier"],
            ["any", "A follow-up day is set"],
          ]}
        />
        <div className="min-w-56 grow">
          <label htmlFor="filter-source" className={labelClass}>
            Came from
          </label>
          <input
            id="filter-source"
            name="source"
            type="text"
            defaultValue={criteria.source ?? ""}
            maxLength={200}
            aria-describedby="filter-source-help"
            className={fieldClass}
          />
          <p id="filter-source-help" className="mt-1 text-sm text-muted">
            A page of the site, such as /blog/…, or another site, such as google.com.
          </p>
        </div>
        <SelectField
          id="filter-state"
          name="state"
          label="Notification"
          value={criteria.state}
          options={[["", "Any state"], ...deliveryStates.map((state) => [state, stateCopy[state].label] as const)]}
        />
        <div className="flex w-full items-center gap-3">
          <input
            id="filter-needs-me"
            name="view"
            type="checkbox"
            value="needs-me"
            defaultChecked={criteria.needsMe === true}
            className="size-5 accent-accent"
          />
          <label htmlFor="filter-needs-me" className="font-medium">
            Only what needs me (oldest first)
          </label>
        </div>
        <div className="flex w-full flex-wrap items-center gap-4">
          <button type="submit" className={buttonClass()}>
            Show
          </button>
          {isFiltered(criteria) && (
            <a href="/admin" className={standaloneLink}>
              Show all inquiries
            </a>
          )}
        </div>
      </form>
    </details>
  );
}
