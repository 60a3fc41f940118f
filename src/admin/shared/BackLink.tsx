import { standaloneLink } from "./fields.ts";

/**
 * The link back to the page this one belongs to, first on the page (an inquiry from its check or its offer,
 * the register from a client); `beforeNotice` leaves room under it for an action's notice.
 */
export function BackLink({ href, beforeNotice = false, children }: { href: string; beforeNotice?: boolean; children: string }) {
  return (
    <p className={beforeNotice ? "pb-4" : undefined}>
      <a href={href} className={standaloneLink}>
        {children}
      </a>
    </p>
  );
}

/** The last line of a page shown once after an action (an offer's, a letter's link): back to its inquiry. */
export const DoneLink = ({ href }: { href: string }) => (
  <p className="mt-10">
    <a href={href} className={standaloneLink}>
      Done: back to the inquiry
    </a>
  </p>
);
