import { Container } from "../components/Container.tsx";
import { DraftNotice } from "../components/DraftNotice.tsx";
import { PageIntro } from "../components/PageIntro.tsx";
import { longDate } from "../content/dates.ts";
import type { PageProps } from "./props.ts";

/** Terms of Use, Privacy Policy, Legal Disclaimer or any other notice: effective date, contents and one h2 per section. */
export function LegalPage({ route }: PageProps<"legal">) {
  const { notice } = route.params;
  return (
    <>
      {notice.previewDraft && <DraftNotice />}
      <PageIntro route={route} heading={notice.title}>
        <p className="text-muted">
          Effective <time dateTime={notice.effective}>{longDate(notice.effective)}</time>
        </p>
      </PageIntro>
      <Container className="grid gap-12 py-12 md:py-16 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
          <p className="text-xs font-semibold tracking-widest text-muted uppercase">On this page</p>
          <ol className="mt-3 space-y-1 text-sm">
            {notice.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="inline-flex min-h-6 items-center text-ink hover:text-accent hover:underline">
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {/* The notice's text, compiled from its Markdown file at build time (build/content). */}
        <div className="max-w-3xl space-y-5 text-[1.05rem]">
          {notice.intro && <div className="prose space-y-5" dangerouslySetInnerHTML={{ __html: notice.intro }} />}
          {notice.sections.map((section) => (
            <section key={section.id} aria-labelledby={section.id} className="space-y-4 pt-4">
              <h2 id={section.id} className="font-serif text-2xl font-semibold tracking-tight">
                {section.heading}
              </h2>
              <div className="prose space-y-4" dangerouslySetInnerHTML={{ __html: section.html }} />
            </section>
          ))}
        </div>
      </Container>
    </>
  );
}
