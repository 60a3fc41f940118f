/**
 * Shown on a draft in a local preview of drafts (`npm run start:drafts`): the page exists only there, never
 * in a deployed build.
 */
export function DraftNotice() {
  return (
    <p role="note" className="bg-danger px-4 py-2 text-center text-sm font-semibold text-paper">
      Draft: this page is shown only in a local preview and is not published.
    </p>
  );
}
