import { site } from "../content/index.ts";

/** A sentence of content/ in which the practice's address, where it appears, is a link to write to it. */
export function WithAddress({ text }: { text: string }) {
  const [before, ...after] = text.split(site.email);
  return (
    <>
      {before}
      {after.length > 0 && (
        <a href={`mailto:${site.email}`} className="font-medium break-words text-accent underline underline-offset-4">
          {site.email}
        </a>
      )}
      {after.join(site.email)}
    </>
  );
}
