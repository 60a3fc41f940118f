import type { PageProps } from "./props.ts";

/** What any unknown path shows (with status 404): the spec's words and a way home. */
export function NotFoundPage(_props: PageProps<"not-found">) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <p className="font-serif text-7xl font-semibold text-accent">404</p>
      <h1 className="mt-4 font-serif text-3xl font-semibold md:text-4xl">Oops! Page not found</h1>
      <p className="mt-4 text-lg text-muted">The page you were looking for has moved or never existed.</p>
      <a
        href="/"
        className="mt-8 inline-flex min-h-11 items-center rounded-md bg-accent px-6 font-medium text-paper hover:bg-accent-strong"
      >
        Return to Home
      </a>
    </div>
  );
}
