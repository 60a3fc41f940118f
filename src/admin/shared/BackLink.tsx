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
