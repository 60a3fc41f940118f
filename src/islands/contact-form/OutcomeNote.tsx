import type { Ref } from "react";
import { type ContactOutcome, outcomeTone } from "../../contact/messages.ts";
import type { ContactCopy } from "../../content/collections.ts";
import { NextSteps } from "./NextSteps.tsx";

/**
 * The note above the form saying how the last send went: the server's answer to a post without JavaScript,
 * or, after a send with JavaScript, what its toast leaves unsaid. `announced` when a toast already said the
 * outcome: then the note does not repeat it, and is not a live region a second time. After a success it
 * says what happens next.
 */
export function OutcomeNote({
  outcome,
  outcomes,
  afterSending,
  announced,
  ref,
}: {
  outcome: ContactOutcome;
  outcomes: ContactCopy["outcomes"];
  afterSending: ContactCopy["afterSending"];
  announced: boolean;
  ref: Ref<HTMLDivElement>;
}) {
  const { title, description } = outcomes[outcome];
  const tone = outcomeTone[outcome];
  const sent = outcome === "sent";
  return (
    <div
      ref={ref}
      tabIndex={-1}
      data-outcome-note=""
      role={announced ? undefined : tone === "success" ? "status" : "alert"}
      className={`mt-6 max-w-2xl scroll-mt-24 rounded-lg border-l-4 p-4 ${tone === "success" ? "border-accent bg-accent-soft" : "border-danger bg-danger/5"}`}
    >
      {!announced && (
        <>
          <p className="font-semibold">{title}</p>
          <p className="mt-1 text-sm">{description}</p>
        </>
      )}
      {sent && (
        <div className={announced ? undefined : "mt-4"}>
          <NextSteps {...afterSending} />
        </div>
      )}
    </div>
  );
}
