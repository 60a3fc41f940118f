import type { ReactNode } from "react";
import { buttonClass } from "./ButtonLink.tsx";

/**
 * The body of an error page: the status code, a heading, what happened, the way back to the home page and,
 * where given, the other places a visitor most likely wanted.
 */
export function ErrorNotice({
  status,
  heading,
  homeLabel,
  links = [],
  children,
}: {
  status: 404 | 500;
  heading: string;
  homeLabel: string;
  links?: readonly { readonly href: string; readonly label: string }[];
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <p className="font-serif text-7xl font-semibold text-accent">{status}</p>
      <h1 className="mt-4 font-serif text-3xl font-semibold md:text-4xl">{heading}</h1>
      <p className="mt-4 text-lg text-muted">{children}</p>
      <ul className="mt-8 flex flex-wrap justify-center gap-3">
        <li>
          <a href="/" className={buttonClass("primary")}>
            {homeLabel}
          </a>
        </li>
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} className={buttonClass("secondary")}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
