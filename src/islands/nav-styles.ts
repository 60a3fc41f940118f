/**
 * The header's link look, shared by the server-rendered links on wide screens (components/layout/DesktopNav)
 * and the two navigation islands, so a current entry is highlighted the same way everywhere.
 */
const linkBase =
  "inline-flex min-h-11 items-center rounded-md px-3 text-[0.95rem] font-medium transition-colors hover:bg-accent-soft hover:text-accent";

/** How the current page's entry (and its section's) is highlighted. */
export const navCurrentClass = "text-accent underline decoration-2 underline-offset-8";

export function navLinkClass(current: string | undefined) {
  return `${linkBase} ${current ? navCurrentClass : "text-ink"}`;
}
