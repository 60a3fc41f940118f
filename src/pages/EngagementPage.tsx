import { Container } from "../components/Container.tsx";
import { PageIntro } from "../components/PageIntro.tsx";
import { pages } from "../content/index.ts";
import { fillSlots } from "../content/slots.ts";
import type { EngagementRefusal, EngagementTyped, EngagementView } from "../routes/engagement-view.ts";
import type { PageProps } from "./props.ts";
import { WithAddress } from "../components/WithAddress.tsx";

/** The refusal's words (content/pages/engagement.yaml, `refusals`). */
const refusalText = (refusal: EngagementRefusal) => pages.engagement.refusals[refusal];

/** The id of the refusal's message, which the field it concerns names in aria-describedby. */
const REFUSAL_ID = "engagement-refusal";

/** Why the last step was refused; announced to screen readers, and named by the field it concerns. */
function RefusalNotice({ refusal }: { refusal: EngagementRefusal }) {
  return (
    <div role="alert" id={REFUSAL_ID} className="max-w-3xl rounded-xl border border-danger bg-paper-deep p-4">
      <p className="font-medium text-danger">{refusalText(refusal)}</p>
    </div>
  );
}

/**
 * A box to tick, its label beside it, big enough for a thumb; marked invalid and focused when refused, the
 * reason under it (where the focused box brings it into view).
 */
function TickBox({ name, label, checked, refusal }: { name: string; label: string; checked: boolean; refusal?: EngagementRefusal }) {
  const id = `engagement-${name}`;
  const invalid = refusal !== undefined;
  return (
    <div className="max-w-3xl space-y-3">
      <div className="flex items-start gap-3 rounded-lg border border-line bg-white p-4 has-[:checked]:border-accent">
        <input
          type="checkbox"
          id={id}
          name={name}
          value="yes"
          required
          defaultChecked={checked}
          // Only on the page that answers the client's own post, to the box its refusal names: without JavaScript,
          // this is how focus reaches what to fix (as the contact form's script moves it there).
          // biome-ignore lint/a11y/noAutofocus: focus follows the client's submission, to the field refused
          autoFocus={invalid}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? REFUSAL_ID : undefined}
          className="mt-1 size-5 shrink-0 accent-accent"
        />
        <label htmlFor={id} className="cursor-pointer leading-relaxed font-medium">
          {label}
        </label>
      </div>
      {refusal && <RefusalNotice refusal={refusal} />}
    </div>
  );
}

/** The page's main button. */
function SubmitButton({ label }: { label: string }) {
  return (
    <button type="submit" className="min-h-12 w-full rounded-md bg-accent px-6 font-semibold text-paper hover:bg-accent-strong sm:w-auto">
      {label}
    </button>
  );
}

/** Declining, or asking for paper instead: each one POST, each explained. */
function OtherChoices({ path }: { path: string }) {
  const copy = pages.engagement;
  return (
    <div className="grid max-w-3xl gap-6 border-t border-line pt-8 sm:grid-cols-2">
      {(
        [
          ["paper", copy.paper],
          ["decline", copy.decline],
        ] as const
      ).map(([action, words]) => (
        <section key={action} className="flex flex-col gap-3" aria-labelledby={`engagement-${action}-heading`}>
          <h2 id={`engagement-${action}-heading`} className="font-serif text-xl font-semibold">
            {words.heading}
          </h2>
          <p className="leading-relaxed text-muted">{words.text}</p>
          <form method="post" action={path} className="mt-auto">
            <input type="hidden" name="action" value={action} />
            <button type="submit" className="min-h-11 w-full rounded-md border border-ink px-4 font-medium sm:w-auto">
              {words.button}
            </button>
          </form>
        </section>
      ))}
    </div>
  );
}

/** The disclosure the letter was sent with, and the consent to receive and sign it electronically. */
function Consent({ view, path }: { view: Extract<EngagementView, { state: "consent" }>; path: string }) {
  const copy = pages.engagement;
  const typed: EngagementTyped = view.typed ?? { name: "", consent: false, agreed: false };
  return (
    <Container className="space-y-8 py-10">
      <section aria-labelledby="engagement-disclosure" className="max-w-3xl space-y-4">
        <h2 id="engagement-disclosure" className="font-serif text-2xl font-semibold">
          {view.disclosure.heading}
        </h2>
        {view.disclosure.paragraphs.map((paragraph) => (
          <p key={paragraph} className="leading-relaxed">
            <WithAddress text={paragraph} />
          </p>
        ))}
      </section>
      <form method="post" action={path} className="space-y-6">
        <input type="hidden" name="action" value="consent" />
        <TickBox
          name="consent"
          label={copy.consentLabel}
          checked={typed.consent}
          refusal={view.refusal === "consentMissing" ? view.refusal : undefined}
        />
        <SubmitButton label={copy.consentButton} />
      </form>
      <OtherChoices path={path} />
    </Container>
  );
}

/** The letter as the record keeps it, its version and fingerprint, and the one form that signs it. */
function Sign({ view, path }: { view: Extract<EngagementView, { state: "sign" }>; path: string }) {
  const copy = pages.engagement;
  const typed: EngagementTyped = view.typed ?? { name: "", consent: true, agreed: false };
  const nameInvalid = view.refusal === "nameEmpty" || view.refusal === "nameInvalid";
  const [hashBefore, ...hashAfter] = copy.hashNote.split("{hash}");
  return (
    <Container className="space-y-8 py-10">
      {/* A letter changed since it was read is said before it; any other refusal under the field to fix. */}
      {view.refusal === "stale" && <RefusalNotice refusal={view.refusal} />}
      <section aria-labelledby="engagement-letter" className="max-w-3xl space-y-4">
        <h2 id="engagement-letter" className="font-serif text-2xl font-semibold">
          {copy.letterHeading}
        </h2>
        <p className="text-sm text-muted">{fillSlots(copy.letterNote, { version: String(view.version), date: view.sentOn })}</p>
        <div className="space-y-4 rounded-xl border border-line bg-white p-5 leading-relaxed sm:p-8">
          {view.paragraphs.map((paragraph, index) => (
            // The letter's paragraphs as written; a line break inside one (a list of tasks, say) is kept.
            // biome-ignore lint/suspicious/noArrayIndexKey: a letter may say the same paragraph twice; its order never changes.
            <p key={index} className="break-words whitespace-pre-line">
              {paragraph}
            </p>
          ))}
        </div>
        <p className="text-sm text-muted">
          {hashBefore}
          <code className="font-mono text-xs break-all text-ink">{view.letterSha256}</code>
          {hashAfter.join(view.letterSha256)}
        </p>
      </section>
      <form method="post" action={path} className="max-w-3xl space-y-6">
        <input type="hidden" name="action" value="sign" />
        <input type="hidden" name="version" value={String(view.version)} />
        <input type="hidden" name="letterSha256" value={view.letterSha256} />
        <div className="space-y-3">
          <div>
            <label htmlFor="engagement-name" className="block font-medium">
              {copy.nameLabel}
            </label>
            <p id="engagement-name-help" className="mt-1 text-sm leading-relaxed text-muted">
              {copy.nameHelp}
            </p>
            <input
              type="text"
              id="engagement-name"
              name="name"
              autoComplete="name"
              required
              maxLength={200}
              defaultValue={typed.name}
              // biome-ignore lint/a11y/noAutofocus: as on TickBox, only to the name its refusal names, after the client's post
              autoFocus={nameInvalid}
              aria-invalid={nameInvalid ? true : undefined}
              aria-describedby={nameInvalid ? `engagement-name-help ${REFUSAL_ID}` : "engagement-name-help"}
              className="mt-2 block w-full max-w-md rounded-md border border-line-strong bg-white px-3.5 py-2.5 text-base text-ink focus:border-accent aria-invalid:border-danger"
            />
          </div>
          {nameInvalid && <RefusalNotice refusal={view.refusal!} />}
        </div>
        <TickBox
          name="agree"
          label={copy.agreeLabel}
          checked={typed.agreed}
          refusal={view.refusal === "agreementMissing" ? view.refusal : undefined}
        />
        <SubmitButton label={copy.signButton} />
      </form>
      <OtherChoices path={path} />
    </Container>
  );
}

/** A page that only says where the letter stands, with the signed letter to download when there is one. */
function Standing({ heading, text, pdfPath }: { heading: string; text: string; pdfPath?: string }) {
  return (
    <>
      <PageIntro heading={heading} />
      <Container className="space-y-6 py-12">
        <p className="max-w-2xl text-lg leading-relaxed">
          <WithAddress text={text} />
        </p>
        {pdfPath && (
          <a href={pdfPath} download className="inline-flex min-h-11 items-center font-medium text-accent underline underline-offset-4">
            {pages.engagement.signed.download}
          </a>
        )}
      </Container>
    </>
  );
}

/** /engage/…: a client's engagement letter, consented to, read and signed (or declined) through its private link. */
export function EngagementPage({ route }: PageProps<"engagement">) {
  const { view } = route.params;
  const copy = pages.engagement;
  switch (view.state) {
    case "consent":
    case "sign":
      return (
        <>
          <PageIntro heading={copy.heading} lead={fillSlots(copy.lead, { name: view.name })} />
          {view.state === "consent" ? <Consent view={view} path={route.path} /> : <Sign view={view} path={route.path} />}
        </>
      );
    case "signed":
      return <Standing heading={copy.signed.heading} text={copy.signed.text} pdfPath={view.pdfPath} />;
    case "declined":
      return <Standing {...copy.declined} />;
    case "paperRequested":
      return <Standing {...copy.paperRequested} />;
    case "closed":
      return (
        <Standing
          heading={copy.closed.heading}
          text={view.reason === "unknown" ? copy.closed.text : copy.closed[view.reason]}
          pdfPath={view.pdfPath}
        />
      );
  }
}
