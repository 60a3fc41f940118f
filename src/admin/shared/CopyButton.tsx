import { buttonClass } from "../../components/ButtonLink.tsx";

/** A copy button (copy-text.js shows it; without the script the text is selected and copied by hand). */
export function CopyButton({ source, status, copied, children }: { source: string; status: string; copied: string; children: string }) {
  return (
    <button
      type="button"
      hidden
      data-copy={source}
      data-copy-status={status}
      data-copied={copied}
      data-copy-refused="The browser did not allow copying: the text is selected, copy it with the keyboard."
      className={buttonClass("secondary")}
    >
      {children}
    </button>
  );
}
