import { ButtonLink } from "./ButtonLink.tsx";

/** The closing band that most pages end with: a heading, a sentence and one button to a next step. */
export function CallToAction({ heading, text, label, href = "/contact" }: { heading: string; text: string; label: string; href?: string }) {
  return (
    <section className="focus-ring-inverse bg-accent text-paper">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-5 px-4 py-16 text-center sm:px-6">
        <h2 className="font-serif text-3xl font-semibold tracking-tight md:text-4xl">{heading}</h2>
        <p className="max-w-2xl text-lg leading-relaxed text-paper/85">{text}</p>
        <ButtonLink href={href} variant="inverse">
          {label}
        </ButtonLink>
      </div>
    </section>
  );
}
