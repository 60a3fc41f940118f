/**
 * The browser editor at /admin/content/ (Sveltia CMS, imported from its npm entry so that everything it
 * loads is bundled here: no script, font or grammar from another host). Its page (src/admin/routes/
 * content.tsx) names the configuration (config.yml, made from the content schemas), the site's stylesheet
 * for the previews and the site's facts. No public page loads this entry or anything it imports.
 */
import CMS from "@sveltia/cms";
import { type Facts, previews } from "./previews.tsx";

const facts = JSON.parse(document.getElementById("site-facts")?.textContent ?? "{}") as Facts;

// The previews are drawn with the site's own stylesheet, so the attorney sees what visitors will see.
for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="preview-style"]'))
  CMS.registerPreviewStyle(new URL(meta.content, location.href).href);
// Sveltia CMS's own Markdown renderer and sanitizer, which it puts on window as Decap CMS did.
const { marked, DOMPurify } = window as unknown as {
  marked: { parse(markdown: string): string };
  DOMPurify: { sanitize(html: string): string };
};
const render = (markdown: string) => DOMPurify.sanitize(marked.parse(markdown));
for (const [name, template] of Object.entries(previews(facts, render))) CMS.registerPreviewTemplate(name, template);

// Under `vite dev`, a saved file under content/ reloads every open page, so that the site shows it at once
// (build/content/vite-plugin.ts). The editor is not a page of the site, and a reload would close the folder
// it works in: it keeps its page (a listener that never settles holds that reload, and any after it, back).
import.meta.hot?.on("vite:beforeFullReload", () => new Promise<void>(() => {}));

CMS.init();
