import { Blocks } from "../components/Blocks.tsx";
import { Container } from "../components/Container.tsx";
import { PageIntro } from "../components/PageIntro.tsx";
import { type LegalNoticeId, legalNotices } from "../content/legal/index.ts";
import type { RouteEntry } from "../routes/table.ts";

/** Terms of Use, Privacy Policy or Legal Disclaimer: effective date, contents and one h2 per section. */
export function LegalPage({ route, notice: id }: { route: RouteEntry; notice: LegalNoticeId }) {
  const notice = legalNotices[id];
  const headingOf = (index: number, heading: string) => (notice.numbered ? `${index + 1}. ${heading}` : heading);
  return (
    <>
      <PageIntro route={route} heading={notice.title}>
        <p className="text-muted">
          Effective <time dateTime={notice.effectiveIso}>{notice.effectiveLabel}</time>
        </p>
      </PageIntro>
      <Container className="grid gap-12 py-12 md:py-16 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
          <p className="text-xs font-semibold tracking-widest text-muted uppercase">On this page</p>
          <ol className="mt-3 space-y-1 text-sm">
            {notice.sections.map((section, index) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="inline-flex min-h-6 items-center text-ink hover:text-accent hover:underline">
                  {headingOf(index, section.heading)}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl space-y-5 text-[1.05rem]">
          <Blocks blocks={notice.intro} />
          {notice.sections.map((section, index) => (
            <section key={section.id} aria-labelledby={section.id} className="space-y-4 pt-4">
              <h2 id={section.id} className="font-serif text-2xl font-semibold tracking-tight">
                {headingOf(index, section.heading)}
              </h2>
              <Blocks blocks={section.blocks} />
            </section>
          ))}
        </div>
      </Container>
    </>
  );
}
