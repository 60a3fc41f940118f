import { LineIcon } from "./LineIcon.tsx";
/**
 * A service on the overview: its title, a sentence about it and a "Learn more" link to its page. The link
 * covers the whole card (::after), so the card is one large target; its accessible name says which service.
 */
export function ServiceCard({
  title,
  description,
  href,
  linkLabel,
  headingLevel = 2,
}: {
  title: string;
  description: string;
  href: string;
  /** The link's words, e.g. "Learn more" (the card's title follows for screen readers). */
  linkLabel: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="group relative flex h-full flex-col rounded-xl border border-line bg-white/60 p-6 transition-shadow hover:shadow-lg has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-accent has-[a:focus-visible]:ring-offset-2 has-[a:focus-visible]:ring-offset-paper md:p-8">
      <span aria-hidden="true" className="h-1 w-10 rounded-full bg-clay" />
      <Heading className="mt-5 font-serif text-2xl font-semibold tracking-tight text-balance">{title}</Heading>
      <p className="mt-3 flex-1 leading-relaxed text-muted">{description}</p>
      <a
        href={href}
        className="mt-6 inline-flex min-h-11 items-center gap-2 self-start font-medium text-accent underline-offset-4 after:absolute after:inset-0 after:rounded-xl group-hover:underline focus-visible:outline-none"
      >
        {linkLabel}
        <span className="sr-only"> about {title}</span>
        <ArrowRight />
      </a>
    </article>
  );
}

function ArrowRight() {
  return (
    <LineIcon className="size-4 transition-transform group-hover:translate-x-0.5">
      <path d="M4 10h12M11 5l5 5-5 5" />
    </LineIcon>
  );
}
