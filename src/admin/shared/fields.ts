/** Form controls in the contact form's style (the same classes, so the site's stylesheet already has them). */
export const fieldClass =
  "mt-2 block w-full rounded-md border border-line-strong bg-white px-3.5 py-2.5 text-base text-ink placeholder:text-muted/80 focus:border-accent aria-invalid:border-danger";

export const labelClass = "block font-medium";

/** A link that stands on its own (not inside running text): at least 24 px tall, as WCAG 2.5.8 asks. */
export const standaloneLink =
  "inline-flex min-h-6 items-center text-accent underline decoration-accent/40 underline-offset-4 hover:decoration-accent";

export const pageHeading = "font-serif text-3xl font-semibold tracking-tight md:text-4xl";

/** A part of a page's heading (h2). */
export const sectionHeading = "font-serif text-2xl font-semibold tracking-tight";
