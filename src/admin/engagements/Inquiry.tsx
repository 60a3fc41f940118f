import type { InboxSubmission } from "../../db/inbox.ts";
import { standaloneLink } from "../shared/fields.ts";

/** The inquiry as the engagement letter's pages name it. */
export interface Inquiry {
  readonly id: string;
  readonly name: string;
  readonly email: string;
}

export const inquiryOf = (s: InboxSubmission): Inquiry => ({ id: s.id, name: s.name, email: s.email });

/** Back to the inquiry's engagement letters. */
export function BackLink({ inquiry, children = `Back to ${inquiry.name}` }: { inquiry: Inquiry; children?: string }) {
  return (
    <p className="pb-4">
      <a href={`/admin/submissions/${inquiry.id}#engagement`} className={standaloneLink}>
        {children}
      </a>
    </p>
  );
}
