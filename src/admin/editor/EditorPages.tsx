import { ButtonLink } from "../../components/ButtonLink.tsx";
import { BackLink } from "../shared/BackLink.tsx";
import { When } from "../shared/When.tsx";
import type { EditorMode } from "../github/connection.ts";
import type { LastSave, Save } from "../github/last-save.ts";
import { pageHeading, standaloneLink } from "../shared/fields.ts";

/*
 * The browser editor's own pages in the inbox's document: the first screen at /admin/content/, which says
 * who is signed in, when a change goes live and where the guide is, before the editor opens; and the guide
 * itself (docs/editing.md, compiled at build time).
 */

export const EDITOR_PATH = "/admin/content/editor/";
export const GUIDE_PATH = "/admin/content/guide";

const paragraph = "mt-4 max-w-2xl leading-relaxed";

function GuideLink() {
  return (
    <p className="mt-8">
      <a href={GUIDE_PATH} className={standaloneLink}>
        How editing works: every field, previews, drafts, and what to do when a check fails
      </a>
    </p>
  );
}

/** "Your last change (“Update Article …”, Nov 27, 2026, 4:05 PM)": which save, and when, in Seattle time. */
function YourLastChange({ save }: { save: Save }) {
  return (
    <>
      {"Your last change (“"}
      {save.headline}
      {"”, "}
      <When date={save.at} />
      {")"}
    </>
  );
}

/** Whether her last save went live, or why not, in plain words (github/last-save.ts reads it). */
export function LastSaveState({ last }: { last: LastSave }) {
  if (last.state === "none") return null;
  if (last.state === "unknown")
    return (
      <p className={paragraph} data-last-save="unknown">
        Whether your last change is live: ask your operator; this page cannot tell just now.
      </p>
    );
  if (last.state === "failed")
    return (
      <div data-last-save="failed">
        <p className={paragraph}>
          <YourLastChange save={last} />
          {last.problems.length > 0
            ? " was not published. The site’s check found:"
            : " was not published: a check of the site failed. Your operator has been told; nothing you wrote is lost."}
        </p>
        {last.problems.length > 0 && (
          <>
            <ul className="mt-3 max-w-2xl list-disc space-y-1 pl-6">
              {last.problems.map((line) => (
                <li key={line} className="break-words">
                  {line}
                </li>
              ))}
            </ul>
            <p className={paragraph}>Correct them in the editor and save again. Until then the site keeps showing what it showed before.</p>
          </>
        )}
      </div>
    );
  const words = {
    live: " is live.",
    pending: " is being checked and published. Come back to this page in a few minutes to see it live.",
    held: " has passed every check and is waiting for your operator to publish it.",
  }[last.state];
  return (
    <p className={paragraph} data-last-save={last.state}>
      <YourLastChange save={last} />
      {words}
    </p>
  );
}

/** The first screen: in the practice's words, what happens here, for the mode the editor is in. */
export function FirstScreen({ email, mode, last }: { email: string; mode: EditorMode; last?: LastSave }) {
  return (
    <>
      <h1 className={pageHeading}>Edit the site</h1>
      <p className={paragraph}>
        {"You are signed in as "}
        <strong className="font-semibold">{email}</strong>
        {mode.kind === "local-folder" ? ", on this computer." : "."}
      </p>
      {mode.kind === "github" && (
        <>
          <p className={paragraph}>
            Here you change what the site says: articles, news, services, the attorney page, the practice&rsquo;s facts and every
            page&rsquo;s words. The site&rsquo;s design and code are out of the editor&rsquo;s reach.
          </p>
          {last && <LastSaveState last={last} />}
          <p className="mt-8">
            <ButtonLink href={EDITOR_PATH}>Open the editor</ButtonLink>
          </p>
          <h2 className="mt-10 font-serif text-2xl font-semibold tracking-tight">When a change goes live</h2>
          <p className={paragraph}>
            Each time you press Save, your change is kept under your name and the whole site is checked. It goes live once every check has
            passed, usually within fifteen minutes. If a check finds a problem, the site keeps showing what it showed before and nothing you
            wrote is lost: the guide says how to find and correct it.
          </p>
        </>
      )}
      {mode.kind === "local-folder" && (
        <>
          <p className={paragraph}>
            On this computer the editor changes the site&rsquo;s files here, not the live site. In Chrome or Edge, choose &ldquo;Work with
            Local Repository&rdquo; and pick the site&rsquo;s folder, the one that holds <code>content</code>.
          </p>
          <p className="mt-8">
            <ButtonLink href={EDITOR_PATH}>Open the editor</ButtonLink>
          </p>
        </>
      )}
      {mode.kind === "off" && (
        <>
          <p className={paragraph}>
            The editor is not connected to the site&rsquo;s files yet. Your operator connects it once; until then, send the changes you
            would like to them.
          </p>
          <p className={`${paragraph} text-sm text-muted`}>
            {`For the operator: still to set: ${mode.missing.join(", ")} (docs/deploying.md, “The browser editor”).`}
          </p>
        </>
      )}
      <GuideLink />
    </>
  );
}

/** The guide: docs/editing.md as HTML (sanitized at build time). */
export function GuidePage({ title, html }: { title: string; html: string }) {
  return (
    <>
      <BackLink href="/admin/content/">Edit the site</BackLink>
      <h1 className={`${pageHeading} mt-4`}>{title}</h1>
      <div className="prose mt-6 max-w-3xl space-y-5" dangerouslySetInnerHTML={{ __html: html }} />
    </>
  );
}
