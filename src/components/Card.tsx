import type { ReactNode } from "react";

/**
 * The frame and title shared by the site's cards. With an `href` the title's link stretches over the whole
 * card (::after), so the card is one large target with one accessible name, and keyboard focus rings it.
 * Without one, the card is plain text and not clickable.
 */
export function Card({ href, className = "", children }: { href?: string; className?: string; children: ReactNode }) {
  const linked = href ? "transition-shadow hover:shadow-lg has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-accent" : "";
  return <article className={`relative rounded-xl border border-line bg-white/60 ${linked} ${className}`}>{children}</article>;
}

export function CardTitle({
  href,
  level = 3,
  className,
  children,
}: {
  href?: string;
  level?: 2 | 3;
  className: string;
  children: ReactNode;
}) {
  const Heading = `h${level}` as const;
  return (
    <Heading className={className}>
      {href ? (
        <a href={href} className="after:absolute after:inset-0 after:rounded-xl hover:text-accent focus-visible:outline-none">
          {children}
        </a>
      ) : (
        children
      )}
    </Heading>
  );
}
