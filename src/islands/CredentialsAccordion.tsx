import { Accordion } from "@ark-ui/react/accordion";

/** One honour in the "Career Highlights" panel. */
export interface CredentialHighlight {
  readonly title: string;
  readonly issuer: string;
  readonly year: number;
}

export type CredentialsSection = "admissions" | "highlights";

/** Plain JSON: the server writes these props into the page and the browser hydrates from them. */
export interface CredentialsAccordionProps {
  readonly admissions: { readonly heading: string; readonly items: readonly string[] };
  readonly highlights: { readonly heading: string; readonly items: readonly CredentialHighlight[] };
  /** The panel open on the first render, on the server and in the browser alike; null for none. */
  readonly defaultOpen: CredentialsSection | null;
}

/*
 * Closed panels are hidden by their data-state, not by Ark's `hidden` attribute (Tailwind's preflight makes
 * [hidden] display:none !important, which no media query can undo). That lets a page without JavaScript
 * (scripting: none) show every panel, while with JavaScript the server HTML and the first client render
 * hide exactly the same panels, so nothing moves when the island hydrates.
 */
const panelClass = "data-[state=closed]:not-noscript:hidden";

/**
 * The attorney's admissions and career highlights as an Ark UI accordion: one panel open at a time
 * (opening one closes the other), the open one can be closed again, and Arrow Up/Down, Home and End move
 * focus between the two headers (Ark's keyboard handling).
 */
export default function CredentialsAccordion({ admissions, highlights, defaultOpen }: CredentialsAccordionProps) {
  return (
    <Accordion.Root
      multiple={false}
      collapsible
      defaultValue={defaultOpen ? [defaultOpen] : []}
      className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-white/60"
    >
      <Accordion.Item value="admissions">
        <Header label={admissions.heading} />
        <Accordion.ItemContent hidden={false} className={panelClass}>
          <ul className="space-y-3 px-5 pt-1 pb-6">
            {admissions.items.map((admission) => (
              <li key={admission} className="flex gap-3 leading-relaxed">
                <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-clay" />
                {admission}
              </li>
            ))}
          </ul>
        </Accordion.ItemContent>
      </Accordion.Item>

      <Accordion.Item value="highlights">
        <Header label={highlights.heading} />
        <Accordion.ItemContent hidden={false} className={panelClass}>
          <ul className="space-y-5 px-5 pt-1 pb-6">
            {highlights.items.map((highlight) => (
              <li key={`${highlight.year}-${highlight.title}`} className="grid grid-cols-[3.25rem_1fr] gap-x-3">
                <span className="pt-px font-serif text-lg leading-snug font-semibold text-clay tabular-nums">{highlight.year}</span>
                <span>
                  <span className="block leading-snug font-semibold">{highlight.title}</span>
                  <span className="mt-1 block text-sm leading-relaxed text-muted">{highlight.issuer}</span>
                </span>
              </li>
            ))}
          </ul>
        </Accordion.ItemContent>
      </Accordion.Item>
    </Accordion.Root>
  );
}

/** The header of a panel: a button inside a heading, as the WAI-ARIA accordion pattern asks. */
function Header({ label }: { label: string }) {
  return (
    <h2 className="font-serif text-xl font-semibold tracking-tight">
      <Accordion.ItemTrigger className="flex min-h-14 w-full items-center justify-between gap-4 px-5 py-3 text-left transition-colors hover:bg-accent-soft hover:text-accent focus-visible:-outline-offset-3 noscript:cursor-default noscript:hover:bg-transparent noscript:hover:text-ink">
        {label}
        {/* A span, not Ark's default div: a button may hold phrasing content only. */}
        <Accordion.ItemIndicator asChild>
          <span className="shrink-0 text-accent transition-transform duration-200 data-[state=open]:rotate-180 noscript:hidden motion-reduce:transition-none">
            <svg aria-hidden="true" viewBox="0 0 16 16" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.75">
              <path d="m4 6 4 4 4-4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
        </Accordion.ItemIndicator>
      </Accordion.ItemTrigger>
    </h2>
  );
}
