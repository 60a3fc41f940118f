import { PrivateLink } from "../shared/PrivateLink.tsx";
import { DoneLink } from "../shared/BackLink.tsx";
import { Section } from "../shared/Section.tsx";
import type { EngagementLetter } from "../../db/schema.ts";
import { CopyButton } from "../shared/CopyButton.tsx";
import { Envelope, sheet } from "../shared/Letter.tsx";
import { Notice } from "../shared/Notice.tsx";
import { labelClass, pageHeading } from "../shared/fields.ts";
import { type Letter, letterHref } from "../shared/mail-links.ts";
import { BackToInquiry, type Inquiry } from "./Inquiry.tsx";

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
      <BackToInquiry inquiry={inquiry} />
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
      <Section id="engagement-link" heading="The link" className="mt-10 max-w-3xl" anchored={false}>
        <PrivateLink
          id="engagement-link"
          status="engagement-link-status"
          label={`${inquiry.name}'s private link to read and sign the letter`}
          link={link}
          copy={{ button: "Copy the link", copied: "Copied: paste it into your message to the client." }}
          open={{ href: letterHref(inquiry.email, invitation), label: "Open the e-mail in your mail program" }}
        />
      </Section>
      <Section id="engagement-invitation" heading="The covering e-mail" className="mt-10 max-w-3xl" anchored={false}>
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
      </Section>
      <DoneLink href={`/admin/submissions/${inquiry.id}#engagement`} />
    </>
  );
}
