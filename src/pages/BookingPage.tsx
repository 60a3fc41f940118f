import type { ReactNode } from "react";
import type { DayChoice, Refusal, Times, TimeChoice } from "../booking/view.ts";
import { Container } from "../components/Container.tsx";
import { PageIntro } from "../components/PageIntro.tsx";
import { pages } from "../content/index.ts";
import type { PageProps } from "./props.ts";
import { WithAddress } from "../components/WithAddress.tsx";

/** Fills a `{name}` slot of the page's words. */
const fill = (text: string, slots: Record<string, string>) => text.replace(/\{(\w+)\}/g, (whole, name: string) => slots[name] ?? whole);

/** A time as a choice: its label, and Seattle's beside it when the reader's zone differs. */
function TimeLabel({ time }: { time: TimeChoice }) {
  return (
    <>
      <span className="font-medium">{time.label}</span>
      {time.practiceLabel && (
        <span className="block text-sm text-muted">{fill(pages.booking.seattleTime, { time: time.practiceLabel })}</span>
      )}
    </>
  );
}

/** One day's free times as radio buttons, in a fieldset named by the day. */
function Day({ day, name }: { day: DayChoice; name: string }) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 font-serif text-lg font-semibold">{day.label}</legend>
      <div className="grid grid-cols-2 gap-2 lg:grid-cols-4">
        {day.times.map((time) => (
          <label
            key={time.start}
            className="flex min-h-12 cursor-pointer items-start gap-2 rounded-lg border border-line bg-paper px-3 py-3 has-[:checked]:border-accent has-[:checked]:bg-paper-deep"
          >
            <input type="radio" name={name} value={String(time.start)} required className="mt-1 size-4 accent-accent" />
            <span>
              <TimeLabel time={time} />
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The kind and zone choices: a GET form, so choosing changes nothing but what is shown. */
function ShowTimes({ times, action }: { times: Times; action: string }) {
  const copy = pages.booking;
  return (
    <form method="get" action={action} className="flex flex-wrap items-end gap-4 rounded-xl border border-line bg-paper-deep p-4">
      {times.kinds.length > 1 ? (
        <label className="flex flex-col gap-1 text-sm font-medium">
          {copy.kindLabel}
          <select name="kind" defaultValue={times.kind} className="min-h-11 rounded-md border border-line bg-paper px-3 text-base">
            {times.kinds.map((kind) => (
              <option key={kind.id} value={kind.id}>
                {kind.name} ({kind.minutes} min)
              </option>
            ))}
          </select>
        </label>
      ) : (
        <input type="hidden" name="kind" value={times.kind} />
      )}
      <label className="flex flex-col gap-1 text-sm font-medium">
        {copy.zoneLabel}
        <select
          name="zone"
          defaultValue={times.zone}
          className="min-h-11 max-w-[16rem] rounded-md border border-line bg-paper px-3 text-base"
        >
          {times.zones.map((zone) => (
            <option key={zone.id} value={zone.id}>
              {zone.label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="min-h-11 rounded-md border border-ink px-4 font-medium">
        {times.kinds.length > 1 ? copy.kindButton : copy.zoneButton}
      </button>
    </form>
  );
}

/** The free times to choose from and the one POST that books (or moves) the chosen one. */
function ChooseTime({
  times,
  action,
  path,
  submitLabel,
  hidden,
  children,
}: {
  times: Times;
  action: string;
  path: string;
  submitLabel: string;
  hidden: Record<string, string>;
  children?: ReactNode;
}) {
  const copy = pages.booking;
  const kind = times.kinds.find((each) => each.id === times.kind);
  return (
    <div className="space-y-6">
      <ShowTimes times={times} action={path} />
      {kind && (
        <p className="text-muted">
          <strong className="text-ink">{kind.name}</strong>, {kind.minutes} min. {kind.description} {kind.where}
        </p>
      )}
      {children}
      <form method="post" action={action} className="space-y-6">
        <input type="hidden" name="kind" value={times.kind} />
        <input type="hidden" name="zone" value={times.zone} />
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <p className="text-sm text-muted">{fill(copy.zoneNote, { zone: times.zoneLabel })}</p>
        {times.days.length === 0 ? (
          <p>
            <WithAddress text={copy.noTimes} />
          </p>
        ) : (
          <>
            {times.days.map((day) => (
              <Day key={day.label} day={day} name="start" />
            ))}
            {/* Kept in view while the times scroll past on a phone, so a choice is never far from its button. */}
            <div className="sticky bottom-0 -mx-4 border-t border-line bg-paper/95 px-4 py-3 sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0">
              <button type="submit" className="min-h-12 w-full rounded-md bg-accent px-6 font-semibold text-paper sm:w-auto">
                {submitLabel}
              </button>
            </div>
          </>
        )}
      </form>
      {(times.earlier || times.later) && (
        <nav className="flex gap-6">
          {times.earlier && (
            <a href={`${path}?${times.earlier}`} className="font-medium text-accent underline underline-offset-4">
              {copy.earlierTimes}
            </a>
          )}
          {times.later && (
            <a href={`${path}?${times.later}`} className="font-medium text-accent underline underline-offset-4">
              {copy.laterTimes}
            </a>
          )}
        </nav>
      )}
    </div>
  );
}

/** Why the last choice was refused, with the nearest free times when it was taken; announced to screen readers. */
function RefusalNotice({ refusal }: { refusal: Refusal }) {
  const copy = pages.booking;
  return (
    <div role="alert" className="rounded-xl border border-clay bg-paper-deep p-4" id="refusal">
      <p className="font-medium">{copy.refusals[refusal.reason]}</p>
      {refusal.nearest.length > 0 && (
        <>
          <p className="mt-2 font-serif font-semibold">{copy.nearestHeading}</p>
          <ul className="mt-1 list-disc pl-5">
            {refusal.nearest.map((time) => (
              <li key={time.start}>
                <TimeLabel time={time} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** /book/…: a client's consultation, chosen, booked, moved or cancelled through the link an offer sent. */
export function BookingPage({ route }: PageProps<"booking">) {
  const { view } = route.params;
  const copy = pages.booking;
  const path = route.path;
  if (view.state !== "choose" && view.state !== "booked") {
    const words = copy[view.state];
    return (
      <>
        <PageIntro heading={words.heading} />
        <Container className="py-12">
          <p className="max-w-2xl text-lg leading-relaxed">
            <WithAddress text={words.text} />
          </p>
        </Container>
      </>
    );
  }
  if (view.state === "choose")
    return (
      <>
        <PageIntro heading={copy.heading} lead={fill(copy.lead, { name: view.name })} />
        <Container className="space-y-6 py-10">
          {view.refusal && <RefusalNotice refusal={view.refusal} />}
          <h2 className="font-serif text-2xl font-semibold">{copy.timesHeading}</h2>
          <ChooseTime times={view.times} action={path} path={path} submitLabel={copy.bookButton} hidden={{ action: "book" }} />
        </Container>
      </>
    );
  return (
    <>
      <PageIntro heading={copy.booked.heading} lead={view.moved ? undefined : fill(copy.booked.text, { time: view.when })}>
        <p className="max-w-2xl text-muted">
          <strong className="text-ink">{view.kindName}</strong>. {view.where}
        </p>
        <p className="max-w-2xl text-muted">{copy.booked.mailNote}</p>
        <a href={view.invitationPath} className="inline-flex min-h-11 items-center font-medium text-accent underline underline-offset-4">
          {copy.booked.calendarLink}
        </a>
        {view.moved && (
          <p role="status" className="max-w-2xl text-lg leading-relaxed">
            {fill(copy.moved, { time: view.when })}
          </p>
        )}
      </PageIntro>
      <Container className="space-y-10 py-10">
        {view.refusal && <RefusalNotice refusal={view.refusal} />}
        {/* Folded until wanted: on a phone the times would stand between the booking and cancelling. */}
        <details open={view.refusal !== undefined} className="space-y-4">
          <summary className="flex min-h-11 cursor-pointer items-center font-serif text-2xl font-semibold">
            {copy.booked.moveHeading}
          </summary>
          <ChooseTime
            times={view.times}
            action={path}
            path={path}
            submitLabel={copy.booked.moveButton}
            hidden={{ action: "reschedule", sequence: String(view.sequence) }}
          />
        </details>
        <details className="space-y-3 border-t border-line pt-8">
          <summary className="flex min-h-11 cursor-pointer items-center font-serif text-2xl font-semibold">
            {copy.booked.cancelHeading}
          </summary>
          <p className="max-w-2xl text-muted">{copy.booked.cancelText}</p>
          <form method="post" action={path}>
            <input type="hidden" name="action" value="cancel" />
            <input type="hidden" name="sequence" value={String(view.sequence)} />
            <button type="submit" className="min-h-11 rounded-md border border-ink px-4 font-medium">
              {copy.booked.cancelButton}
            </button>
          </form>
        </details>
      </Container>
    </>
  );
}
