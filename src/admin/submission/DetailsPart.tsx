import { buttonClass } from "../../components/ButtonLink.tsx";
import { fieldSpecs } from "../../contact/fields.ts";
import type { InboxSubmission } from "../../db/inbox.ts";
import { inboxHref } from "../inbox/query.ts";
import { StateBadge } from "../shared/DeliveryStatus.tsx";
import { Fact } from "../shared/Fact.tsx";
import { When } from "../shared/When.tsx";
import type { DoneNotice } from "../shared/notices.ts";
import { stateCopy } from "../shared/copy.ts";
import { standaloneLink } from "../shared/fields.ts";
import { Part, Standing } from "./Part.tsx";

/** The form's other one-line answers ("How did you hear about us?"), with where the inquiry came from. */
const otherLineFields = fieldSpecs.filter((field) => field.kind === "line" && field.name !== "name" && !field.summary);

/** Its reference, the form's other one-line answers, the notification once sent, and where it came from. */
export function Details({ submission: s, delivery }: { submission: InboxSubmission; delivery: boolean }) {
  return (
    <Part id="details" heading="Reference and where it came from">
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        <Fact term="Reference" wrap="text-sm break-all">
          {s.id}
        </Fact>
        {otherLineFields.map((field) => (
          <Fact key={field.name} term={field.inboxLabel} wrap="break-words">
            {s[field.name] ?? "Not given"}
          </Fact>
        ))}
        {!delivery && (
          <Fact term="Notification e-mail">
            {s.notifiedAt ? (
              <>
                Sent <When date={s.notifiedAt} />
              </>
            ) : (
              "Sent"
            )}
          </Fact>
        )}
      </dl>
      <CameFrom submission={s} />
    </Part>
  );
}

/** Where the inquiry came from, as the site noted it (src/contact/attribution.ts), each a link to the others like it. */
function CameFrom({ submission: s }: { submission: InboxSubmission }) {
  const sources = [
    { term: "Sent from the page", value: s.sourcePage },
    { term: "First page of the visit", value: s.landingPage },
    { term: "Came from the site", value: s.referrerHost },
  ];
  return (
    <section aria-labelledby="source-heading" className="mt-6">
      <h3 id="source-heading" className="text-lg font-semibold">
        Where it came from
      </h3>
      <dl className="mt-3 grid gap-4 sm:grid-cols-3">
        {sources.map(({ term, value }) => (
          <Fact key={term} term={term} wrap="break-all">
            {value ? (
              <a href={inboxHref({ source: value })} className={standaloneLink}>
                {value}
                <span className="sr-only">: every inquiry from it</span>
              </a>
            ) : (
              <span className="text-muted">{term === "Came from the site" ? "None noted" : "Not known"}</span>
            )}
          </Fact>
        ))}
      </dl>
    </section>
  );
}

/** The notification e-mail while it is not sent: where it stands, its attempts and last error, and sending it again. */
export function Notification({ submission: s, done }: { submission: InboxSubmission; done?: DoneNotice }) {
  const canResend = s.state === "failed" || s.state === "stuck";
  return (
    <Part id="notification" heading="Notification e-mail" done={done}>
      <Standing badge={<StateBadge state={s.state} />} meaning={stateCopy[s.state].meaning} />
      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        <Fact term="Attempts">{s.notificationAttempts}</Fact>
        {s.notificationLastAttemptAt && (
          <Fact term="Last attempt">
            <When date={s.notificationLastAttemptAt} />
          </Fact>
        )}
        {s.notificationError && (
          <Fact term="Last error" wrap="break-words">
            {s.notificationError}
          </Fact>
        )}
      </dl>
      {canResend && (
        <form method="post" action={`/admin/submissions/${s.id}/resend`} className="mt-6">
          <button type="submit" className={buttonClass()}>
            Send the notification again
          </button>
        </form>
      )}
    </Part>
  );
}
