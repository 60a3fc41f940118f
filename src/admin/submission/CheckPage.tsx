import type { CheckView } from "../../db/conflict-check.ts";
import { BackLink } from "../shared/BackLink.tsx";
import type { InboxSubmission } from "../../db/inbox.ts";
import { CheckResults, checkSummary } from "../conflicts/CheckResults.tsx";
import { pageHeading } from "../shared/fields.ts";
import { clearedSentence } from "../shared/copy.ts";

/** One conflict check of an inquiry on a page of its own: what an intake record links to as the check it rests on. */
export function CheckPage({ submission, view }: { submission: InboxSubmission; view: CheckView }) {
  return (
    <>
      <BackLink href={`/admin/submissions/${submission.id}#intake`} beforeNotice>{`Back to ${submission.name}`}</BackLink>
      <h1 className={`${pageHeading} break-words`}>{`Conflict check of ${submission.name}`}</h1>
      <p className="mt-4 font-medium">{checkSummary(view)}</p>
      {submission.intakeState === "cleared" && submission.intakeCheckId === view.check.id && (
        <p className="mt-2">{`Cleared on this check: ${clearedSentence(view.check, submission.clearedReason)}`}</p>
      )}
      <p className="mt-1 text-muted">What each name found then; each inquiry is shown as it stands now.</p>
      <CheckResults view={view} submissionId={submission.id} headingLevel={3} />
    </>
  );
}
