import { buttonClass } from "../../components/ButtonLink.tsx";
import type { InboxSubmission } from "../../db/inbox.ts";
import { NOTE_MAX } from "../../db/notes.ts";
import type { InquiryNote } from "../../db/schema.ts";
import { HiddenFields } from "../shared/HiddenFields.tsx";
import { When } from "../shared/When.tsx";
import type { DoneNotice } from "../shared/notices.ts";
import { fieldClass, labelClass, standaloneLink } from "../shared/fields.ts";
import { Part } from "./Part.tsx";

/** The practice's private notes (appended, with who and when) and the follow-up day. */
export function Notes({
  submission: s,
  done,
  notes,
  today,
}: {
  submission: InboxSubmission;
  done?: DoneNotice;
  notes: readonly InquiryNote[];
  today: string;
}) {
  return (
    <Part id="notes" heading="Notes and follow-up" done={done}>
      <p className="mt-2 max-w-3xl text-muted">
        Private to the practice: never in an e-mail or a log. Each note is kept as written, with who wrote it and when.
      </p>
      {notes.length > 0 && (
        <ol className="mt-4 space-y-3">
          {notes.map((note) => (
            <li key={note.id} className="rounded-lg border border-line bg-white p-4">
              <p className="text-sm text-muted">
                {`${note.author}, `}
                <When date={note.at} />
              </p>
              <p className="mt-1 break-words whitespace-pre-wrap">{note.text}</p>
            </li>
          ))}
        </ol>
      )}
      <form method="post" action={`/admin/submissions/${s.id}/notes`} className="mt-4 max-w-2xl">
        <HiddenFields fields={{ token: crypto.randomUUID() }} />
        <label htmlFor="note-text" className={labelClass}>
          Add a note
        </label>
        <textarea id="note-text" name="text" rows={3} maxLength={NOTE_MAX} required className={fieldClass} />
        <button type="submit" className={`${buttonClass("secondary")} mt-3`}>
          Add the note
        </button>
      </form>
      <form method="post" action={`/admin/submissions/${s.id}/follow-up`} className="mt-8 flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor="follow-up-on" className={labelClass}>
            Follow up on
          </label>
          <input
            id="follow-up-on"
            name="day"
            type="date"
            required
            defaultValue={s.followUpOn ?? ""}
            min={s.followUpOn && s.followUpOn < today ? s.followUpOn : today}
            className={fieldClass}
          />
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          {s.followUpOn ? "Change the day" : "Set the follow-up"}
        </button>
      </form>
      {s.followUpOn && (
        <form method="post" action={`/admin/submissions/${s.id}/follow-up`} className="mt-3">
          <HiddenFields fields={{ clear: "1" }} />
          <button type="submit" className={standaloneLink}>
            Done: clear the follow-up
          </button>
        </form>
      )}
    </Part>
  );
}
