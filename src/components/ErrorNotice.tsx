import type { ReactNode } from "react";

/** The body of an error page: the status code, a heading, what happened, and the way back to the home page. */
export function ErrorNotice({
  status,
  heading,
  homeLabel,
  children,
}: {
  status: 404 | 500;
  heading: string;
  homeLabel: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <p className="font-serif text-7xl font-semibold text-accent">{status}</p>
      <h1 className="mt-4 font-serif text-3xl font-semibold md:text-4xl">{heading}</h1>
      <p className="mt-4 text-lg text-muted">{children}</p>
      <a
        href="/"
        className="mt-8 inline-flex min-h-11 items-center rounded-md bg-accent px-6 font-medium text-paper hover:bg-accent-strong"
      >
        {homeLabel}
      </a>
    </div>
  );
}
