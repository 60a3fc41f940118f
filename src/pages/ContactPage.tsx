import { BreakableAddress } from "../components/BreakableAddress.tsx";
import { Container } from "../components/Container.tsx";
import { Island } from "../components/Island.tsx";
import { PageIntro } from "../components/PageIntro.tsx";
import { locationLabel, notices, pages, site } from "../content/index.ts";
import ContactForm from "../islands/ContactForm.tsx";
import { TURNSTILE_ACTION, TURNSTILE_ORIGIN } from "../contact/turnstile.ts";
import type { PageProps } from "./props.ts";

/** /contact: the form (with the outcome of a plain post, if any) beside the practice's details. */
export function ContactPage({ route, request }: PageProps<"contact">) {
  const initial = request.contactForm;
  const { contact } = pages;
  const { fields, requiredNote, submitLabel, sendingLabel, outcomes, afterSending } = contact;
  const copy = { fields, requiredNote, submitLabel, sendingLabel, outcomes, afterSending, confidentiality: notices.contactForm };
  return (
    <>
      <PageIntro route={route} heading={contact.heading} lead={contact.subline} />
      <Container className="grid gap-10 py-12 md:py-16 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-16">
        <section aria-labelledby="contact-form-heading">
          <h2 id="contact-form-heading" className="font-serif text-2xl font-semibold tracking-tight">
            {contact.formHeading}
          </h2>
          <Island name="contact-form" component={ContactForm} props={{ copy, ...(initial ? { initial } : {}) }} />
          {request.turnstileSiteKey && (
            <>
              <div className="cf-turnstile mt-4" data-sitekey={request.turnstileSiteKey} data-action={TURNSTILE_ACTION} />
              <script src={`${TURNSTILE_ORIGIN}/turnstile/v0/api.js`} async defer />
            </>
          )}
        </section>
        <aside aria-labelledby="contact-info-heading" className="lg:sticky lg:top-24 lg:self-start">
          <div className="rounded-xl border border-line bg-paper-deep p-6">
            <h2 id="contact-info-heading" className="font-serif text-xl font-semibold">
              {contact.info.heading}
            </h2>
            <p className="mt-3 leading-relaxed text-muted">{contact.info.text}</p>
            <dl className="mt-6 space-y-4">
              <div>
                <dt className="text-xs font-semibold tracking-widest text-muted uppercase">{contact.info.locationLabel}</dt>
                <dd className="mt-1">{locationLabel}</dd>
              </div>
              <div>
                <dt className="text-xs font-semibold tracking-widest text-muted uppercase">{contact.info.emailLabel}</dt>
                <dd className="mt-1">
                  <a
                    href={`mailto:${site.email}`}
                    className="inline-flex min-h-6 items-center font-medium break-words text-accent underline underline-offset-4"
                  >
                    <BreakableAddress address={site.email} />
                  </a>
                </dd>
              </div>
            </dl>
          </div>
        </aside>
      </Container>
    </>
  );
}
