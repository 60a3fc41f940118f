import { buttonClass } from "../../components/ButtonLink.tsx";
import { Section } from "../shared/Section.tsx";
import { roleLabels } from "../../db/register.ts";
import { HiddenFields } from "../shared/HiddenFields.tsx";
import { Envelope, sheet } from "../shared/Letter.tsx";
import { Notice } from "../shared/Notice.tsx";
import { pageHeading, standaloneLink } from "../shared/fields.ts";
import { BackToInquiry, type Inquiry } from "./Inquiry.tsx";
import { Paragraphs } from "./Paragraphs.tsx";
import { type EngagementForm, type PreparedEngagement, formFields } from "./prepare.ts";

/** The disclosure, then the letter: what the client reads, in that order. */
function AsTheClientReadsIt({ disclosure, letter }: { disclosure: string; letter: string }) {
  const [heading, ...rest] = disclosure.split(/\n{2,}/);
  return (
    <>
      <Section id="preview-disclosure" heading={heading} className="mt-8 max-w-3xl" anchored={false}>
        <Paragraphs text={rest.join("\n\n")} className="mt-4" />
      </Section>
      <Section id="preview-letter" heading="The letter" className="mt-10 max-w-3xl" anchored={false}>
        <div className={`${sheet} mt-4`}>
          <Paragraphs text={letter} />
        </div>
      </Section>
    </>
  );
}

export interface PreviewPageProps {
  readonly inquiry: Inquiry;
  readonly form: EngagementForm;
  readonly prepared: PreparedEngagement;
  /** The SHA-256 of the letter's text, which sending checks it still is. */
  readonly letterSha256: string;
  /** The covering e-mail's subject, and the practice's sending address (CLIENT_MAIL_FROM) when it can send. */
  readonly subject: string;
  readonly sendFrom?: string;
  readonly replyTo: string;
  readonly error?: string;
  readonly replacing?: number;
  /** The last day the link will open the letter, written long, if it is sent today. */
  readonly lastDay: string;
}

/** "Preview": the letter exactly as the client will read it, then Send (when set up) or Copy link, or back to change it. */
export function PreviewPage({
  inquiry,
  form,
  prepared,
  letterSha256,
  subject,
  sendFrom,
  replyTo,
  error,
  replacing,
  lastDay,
}: PreviewPageProps) {
  const fields = formFields(form);
  const action = `/admin/submissions/${inquiry.id}/engagement`;
  return (
    <>
      <BackToInquiry inquiry={inquiry} />
      {error && <Notice tone="error">{error}</Notice>}
      <h1 className={`${pageHeading} break-words`}>{`Preview: ${prepared.template.title}`}</h1>
      <p className="mt-3 max-w-3xl">
        {`This is exactly what ${prepared.clientName} will read at the private link, first the notice about receiving it electronically, then the letter. Nothing is sent yet.`}
        {replacing !== undefined && ` Sending makes version ${replacing + 1} and closes the link of version ${replacing}.`}
      </p>
      <Envelope email={inquiry.email} subject={subject} wide>
        <dt className="font-semibold">The matter</dt>
        <dd className="break-words">
          {prepared.matter.title}
          {prepared.matter.parties.map((party) => `; ${party.name}: ${roleLabels[party.role]}`).join("")}
        </dd>
      </Envelope>

      <AsTheClientReadsIt disclosure={prepared.disclosureText} letter={prepared.letterText} />

      <Section id="preview-send" heading="Send it" className="mt-10 max-w-3xl" anchored={false}>
        <form method="post" action={`${action}/send`} className="mt-4">
          <HiddenFields fields={{ ...fields, letterSha256 }} />
          {sendFrom ? (
            <p className="text-muted">{`From ${sendFrom}, replies to ${replyTo}: the covering e-mail with the private link, which opens the letter until the end of ${lastDay}.`}</p>
          ) : (
            <p className="text-muted">
              {"Sending to clients is not set up (docs/operators.md, “Mail to clients”): copy the link into your own mail. "}
              {`The link is shown once, on the next page, and opens the letter until the end of ${lastDay}.`}
            </p>
          )}
          <div className="mt-4 flex flex-wrap gap-3">
            {sendFrom && (
              <button type="submit" name="how" value="send" className={buttonClass()}>
                Send from the practice
              </button>
            )}
            <button type="submit" name="how" value="copy" className={buttonClass(sendFrom ? "secondary" : "primary")}>
              Make the link to copy
            </button>
          </div>
        </form>
        <form method="post" action={`${action}/edit`} className="mt-4">
          <HiddenFields fields={fields} />
          <button type="submit" className={standaloneLink}>
            Change something first
          </button>
        </form>
      </Section>
    </>
  );
}
