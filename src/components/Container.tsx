import type { ReactNode } from "react";

/** The page's content column, with the site's side gutters. */
export function Container({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`mx-auto max-w-6xl px-4 sm:px-6 ${className}`}>{children}</div>;
}

/** A vertical band of a page with a heading (h2) and optional lead text. */
export function Section({
  heading,
  lead,
  children,
  tone = "plain",
  id,
}: {
  heading: string;
  lead?: string;
  children?: ReactNode;
  tone?: "plain" | "deep";
  id?: string;
}) {
  return (
    <section aria-labelledby={id ? `${id}-heading` : undefined} className={tone === "deep" ? "bg-paper-deep" : ""}>
      <Container className="py-14 md:py-20">
        <h2 id={id ? `${id}-heading` : undefined} className="font-serif text-3xl font-semibold tracking-tight md:text-4xl">
          {heading}
        </h2>
        {lead && <p className="mt-4 max-w-2xl text-lg leading-relaxed text-muted">{lead}</p>}
        {children && <div className="mt-10">{children}</div>}
      </Container>
    </section>
  );
}
