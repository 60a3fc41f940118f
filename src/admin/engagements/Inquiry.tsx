import type { InboxSubmission } from "../../db/inbox.ts";
import { BackLink } from "../shared/BackLink.tsx";

/** The inquiry as the engagement letter's pages name it. */
export interface Inquiry {
  readonly id: string;
  readonly name: string;
  readonly email: string;
}

export const inquiryOf = (s: InboxSubmission): Inquiry => ({ id: s.id, name: s.name, email: s.email });

/** Back to the inquiry's engagement letters. */
export const BackToInquiry = ({ inquiry, children = `Back to ${inquiry.name}` }: { inquiry: Inquiry; children?: string }) => (
  <BackLink href={`/admin/submissions/${inquiry.id}#engagement`} beforeNotice>
    {children}
  </BackLink>
);
