import type { ReactNode } from "react";

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

/**
 * Renders content text, turning `[label](href)` into links. Everything else is text, so React escapes it.
 * Links leaving the site open in a new tab.
 */
export function RichText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label, href] = match as unknown as [string, string, string];
    parts.push(text.slice(last, match.index));
    const external = /^https?:/.test(href);
    parts.push(
      <a
        key={match.index}
        href={href}
        className="font-medium text-accent underline decoration-accent/40 underline-offset-4 hover:decoration-accent"
        {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      >
        {label}
      </a>,
    );
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
