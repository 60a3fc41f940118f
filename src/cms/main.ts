/**
 * The browser editor at /admin/content/editor/ (Sveltia CMS, imported from its npm entry so that everything
 * it loads is bundled here: no script, font or grammar from another host). Its page (src/admin/editor/
 * routes.tsx) names the configuration (config.yml, made from the content schemas), the site's stylesheet
 * for the previews and the site's facts. No public page loads this entry or anything it imports.
 */
import CMS from "@sveltia/cms";
import { type PreviewSite, previews } from "./previews.tsx";

// Where the Worker serves the GitHub API (src/admin/github/proxy.ts), the page names a session marker: the
// person already signed in at the gate, so the editor starts signed in, as if its sign-in window had handed
// it the marker (the "token" it sends, which opens nothing; the Worker calls GitHub itself). Written where
// Sveltia CMS keeps its signed-in user, replacing whatever was there, a personal access token of the past
// included, so none is left in this browser.
const session = document.querySelector<HTMLMetaElement>('meta[name="editor-session"]')?.content;
if (session) {
  const kept = JSON.parse(localStorage.getItem("sveltia-cms.user") ?? "null") as { backendName?: string; token?: string } | null;
  if (kept?.backendName !== "github" || kept.token !== session)
    localStorage.setItem("sveltia-cms.user", JSON.stringify({ backendName: "github", token: session }));
}

const site = JSON.parse(document.getElementById("preview-site")?.textContent ?? "{}") as PreviewSite;

// The previews are drawn with the site's own stylesheet, so the attorney sees what visitors will see.
for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="preview-style"]'))
  CMS.registerPreviewStyle(new URL(meta.content, location.href).href);
// Sveltia CMS's own Markdown renderer and sanitizer, which it puts on window as Decap CMS did.
const { marked, DOMPurify } = window as unknown as {
  marked: { parse(markdown: string): string };
  DOMPurify: { sanitize(html: string): string };
};
const render = (markdown: string) => DOMPurify.sanitize(marked.parse(markdown));
for (const [name, template] of Object.entries(previews(site, render))) CMS.registerPreviewTemplate(name, template);

// Under `vite dev`, a saved file under content/ reloads every open page, so that the site shows it at once
// (build/content/vite-plugin.ts). The editor is not a page of the site, and a reload would close the folder
// it works in: it keeps its page (a listener that never settles holds that reload, and any after it, back).
import.meta.hot?.on("vite:beforeFullReload", () => new Promise<void>(() => {}));

CMS.init();
