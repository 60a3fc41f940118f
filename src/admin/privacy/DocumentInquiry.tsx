import { fieldSpecs } from "../../contact/fields.ts";
import type { PersonalSubmission } from "../../db/privacy.ts";
import type { NotificationStatus } from "../../db/schema.ts";
import { At, Entry } from "./Entry.tsx";

const deliveryWords: Readonly<Record<NotificationStatus, string>> = {
  sent: "Delivered to our mailbox",
  pending: "Not yet delivered to our mailbox; the inquiry itself is stored",
  failed: "Could not be delivered to our mailbox; the inquiry itself is stored",
};

/** One inquiry: each field the form asked, where the visit came from, and the notification of it. */
function Inquiry({ inquiry }: { inquiry: PersonalSubmission }) {
  const erased = inquiry.messageErasedAt;
  /** A value, or why there is none: erased with the message (all but the conflict record), or never had. */
  const shown = (value: string | null, none: string, keptWithConflictRecord = false) =>
    value || <span className="text-muted">{erased && !keptWithConflictRecord ? "Erased" : none}</span>;
  const { status, sentAt } = inquiry.notification;
  return (
    <li className="border-t border-line pt-6 print:break-inside-avoid-page">
      <article aria-labelledby={`inquiry-${inquiry.id}`}>
        <h3 id={`inquiry-${inquiry.id}`} className="font-serif text-xl font-semibold tracking-tight">
          Received <At at={inquiry.receivedAt} />
        </h3>
        {erased && (
          <p className="mt-2 text-muted">
            Its message was erased on <At at={erased} />, as our privacy policy provides; the short record we keep for conflict checks
            remains.
          </p>
        )}
        <dl className="mt-2 divide-y divide-line">
          {fieldSpecs.map((field) => (
            <Entry key={field.name} term={field.inboxLabel}>
              {shown(inquiry[field.name], "Not given", field.conflictRecord)}
            </Entry>
          ))}
          <Entry term="Sent from our page">{shown(inquiry.sentFromPage, "Not known")}</Entry>
          <Entry term="First page of your visit">{shown(inquiry.firstPageOfVisit, "Not known")}</Entry>
          <Entry term="The website that sent you">{shown(inquiry.referringSite, "None, or not known")}</Entry>
          <Entry term="Our e-mail notification">
            {deliveryWords[status]}
            {status === "sent" && sentAt && (
              <>
                {", "}
                <At at={sentAt} />
              </>
            )}
            .
          </Entry>
          <Entry term="Reference">{inquiry.id}</Entry>
        </dl>
      </article>
    </li>
  );
}

/** A page of inquiries, as the document's list items. */
export const InquiryList = ({ inquiries }: { inquiries: readonly PersonalSubmission[] }) =>
  inquiries.map((inquiry) => <Inquiry key={inquiry.id} inquiry={inquiry} />);
