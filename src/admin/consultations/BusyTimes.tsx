import { buttonClass } from "../../components/ButtonLink.tsx";
import type { BusyTime } from "../../db/schema.ts";
import { HiddenFields } from "../shared/HiddenFields.tsx";
import { Notice } from "../shared/Notice.tsx";
import { Section } from "../shared/Section.tsx";
import { fieldClass, labelClass } from "../shared/fields.ts";
import { type BusyForm, busyLabel } from "./times.ts";

export interface BusyTimesProps {
  readonly busy: readonly BusyTime[];
  /** Today in Seattle, the earliest day the busy-time forms offer. */
  readonly today: string;
  /** A busy time refused, with the form as she filled it. */
  readonly busyError?: { readonly message: string; readonly form: BusyForm & { readonly note?: string } };
}

/** Days off and busy times: the list (each removable) and the two forms that add one. */
export function BusyTimes({ busy, today, busyError }: BusyTimesProps) {
  const form = busyError?.form;
  const hours = form && !form.wholeDay ? form : undefined;
  const days = form?.wholeDay ? form : undefined;
  return (
    <Section id="busy" heading="Days off and busy times">
      <p className="mt-2 max-w-3xl text-muted">No consultation is offered at these times, from the moment they are added.</p>
      {busyError && (
        <Notice tone="error" className="mt-4">
          {busyError.message}
        </Notice>
      )}
      {busy.length === 0 ? (
        <p className="mt-3">None ahead.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {busy.map((time) => (
            <li key={time.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line bg-white p-4">
              <div>
                <p className="font-medium">{busyLabel(time.startAt, time.endAt)}</p>
                {time.note && <p className="mt-1 break-words">{time.note}</p>}
                {time.createdBy && <p className="mt-1 text-sm text-muted">{`Added by ${time.createdBy}`}</p>}
              </div>
              <form method="post" action={`/admin/consultations/busy/${time.id}/remove`}>
                <button type="submit" className={buttonClass("secondary")}>
                  Remove<span className="sr-only">{`: ${busyLabel(time.startAt, time.endAt)}`}</span>
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <form method="post" action="/admin/consultations/busy" className="rounded-lg border border-line p-4">
          <HiddenFields fields={{ whole: "0" }} />
          <h3 className="text-lg font-semibold">Busy on a day</h3>
          <label htmlFor="busy-day" className={`${labelClass} mt-3`}>
            Day
          </label>
          <input id="busy-day" name="day" type="date" required min={today} defaultValue={hours?.day ?? ""} className={fieldClass} />
          <div className="mt-3 grid grid-cols-2 gap-3">
            <div>
              <label htmlFor="busy-from" className={labelClass}>
                From
              </label>
              <input id="busy-from" name="from" type="time" required defaultValue={hours?.from ?? ""} className={fieldClass} />
            </div>
            <div>
              <label htmlFor="busy-to" className={labelClass}>
                To
              </label>
              <input id="busy-to" name="to" type="time" required defaultValue={hours?.to ?? ""} className={fieldClass} />
            </div>
          </div>
          <label htmlFor="busy-note" className={`${labelClass} mt-3`}>
            Note <span className="font-normal text-muted">(for you: “Court”, “Studio visit”)</span>
          </label>
          <input id="busy-note" name="note" maxLength={200} defaultValue={hours?.note ?? ""} className={fieldClass} />
          <button type="submit" className={`${buttonClass()} mt-4`}>
            Add the busy time
          </button>
        </form>
        <form method="post" action="/admin/consultations/busy" className="rounded-lg border border-line p-4">
          <HiddenFields fields={{ whole: "1" }} />
          <h3 className="text-lg font-semibold">Days off</h3>
          <label htmlFor="off-day" className={`${labelClass} mt-3`}>
            First day
          </label>
          <input id="off-day" name="day" type="date" required min={today} defaultValue={days?.day ?? ""} className={fieldClass} />
          <label htmlFor="off-through" className={`${labelClass} mt-3`}>
            Last day <span className="font-normal text-muted">(leave empty for one day)</span>
          </label>
          <input id="off-through" name="through" type="date" min={today} defaultValue={days?.through ?? ""} className={fieldClass} />
          <label htmlFor="off-note" className={`${labelClass} mt-3`}>
            Note
          </label>
          <input id="off-note" name="note" maxLength={200} defaultValue={days?.note ?? ""} className={fieldClass} />
          <button type="submit" className={`${buttonClass()} mt-4`}>
            Add the days off
          </button>
        </form>
      </div>
    </Section>
  );
}
