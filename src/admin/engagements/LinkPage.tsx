import { buttonClass } from "../../components/ButtonLink.tsx";
import type { EngagementLetter } from "../../db/schema.ts";
import { CopyButton } from "../shared/CopyButton.tsx";
import { Envelope, sheet } from "../shared/Letter.tsx";
import { Notice } from "../shared/Notice.tsx";
import { fieldClass, labelClass, pageHeading, sectionHeading, standaloneLink } from "../shared/fields.ts";
import { type Letter, letterHref } from "../shared/mail-links.ts";
import { BackLink, type Inquiry } from "./Inquiry.tsx";

export interface LinkPageProps {
  readonly inquiry: Inquiry;
  readonly letter: Pick<EngagementLetter, "version" | "title">;
  readonly link: string;
  readonly lastDay: string;
  /** The covering e-mail, for her own mail program. */
  readonly invitation: Letter;
  /** Why the e-mail did not go, when sending was tried. */
  readonly error?: string;
}

/** The one page a letter's private link is ever shown on: the link to copy and the covering e-mail for her own mail. */
export function LinkPage({ inquiry, letter, link, lastDay, invitation, error }: LinkPageProps) {
  return (
    <>
      <BackLink inquiry={inquiry} />
      {error ? (
        <Notice tone="error">{error}</Notice>
      ) : (
        <Notice>{`Version ${letter.version} is ready: its link opens it until the end of ${lastDay}.`}</Notice>
      )}
      <h1 className={`${pageHeading} break-words`}>{`${letter.title}: the link for ${inquiry.name}`}</h1>
      <p className="mt-3 max-w-3xl">
        This page is the only place the private link is shown: the practice keeps only a fingerprint of it. Copy it into your message before
        you leave the page; if it is lost, prepare the letter again, which closes this link.
      </p>
      <section aria-labelledby="engagement-link-heading" className="mt-10 max-w-3xl">
        <h2 id="engagement-link-heading" className={sectionHeading}>
          The link
        </h2>
        <label htmlFor="engagement-link" className={`${labelClass} mt-4`}>
          {`${inquiry.name}'s private link to read and sign the letter`}
        </label>
        <input id="engagement-link" readOnly value={link} className={`${fieldClass} font-mono text-sm`} />
        <div className="mt-4 flex flex-wrap gap-3">
          <CopyButton source="engagement-link" status="engagement-link-status" copied="Copied: paste it into your message to the client.">
            Copy the link
          </CopyButton>
          <a href={letterHref(inquiry.email, invitation)} className={buttonClass("secondary")}>
            Open the e-mail in your mail program
          </a>
        </div>
        <p id="engagement-link-status" role="status" className="mt-2 text-sm font-medium" />
      </section>
      <section aria-labelledby="engagement-invitation-heading" className="mt-10 max-w-3xl">
        <h2 id="engagement-invitation-heading" className={sectionHeading}>
          The covering e-mail
        </h2>
        <Envelope email={inquiry.email} subject={invitation.subject} />
        <label htmlFor="engagement-invitation" className={`${labelClass} mt-4`}>
          The e-mail
        </label>
        <textarea
          id="engagement-invitation"
          readOnly
          rows={18}
          defaultValue={invitation.body}
          className={`${sheet} mt-2 block w-full field-sizing-content`}
        />
        <div className="mt-4 flex flex-wrap gap-3">
          <CopyButton source="engagement-invitation" status="engagement-invitation-status" copied="Copied: paste it into a new e-mail.">
            Copy the e-mail
          </CopyButton>
        </div>
        <p id="engagement-invitation-status" role="status" className="mt-2 text-sm font-medium" />
      </section>
      <p className="mt-10">
        <a href={`/admin/submissions/${inquiry.id}#engagement`} className={standaloneLink}>
          Done: back to the inquiry
        </a>
      </p>
    </>
  );
}
