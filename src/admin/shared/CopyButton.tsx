import { buttonClass } from "../../components/ButtonLink.tsx";

/**
 * A copy button (copy-text.js shows it; without the script the text is selected and copied by hand): the
 * element it copies (`source`), where it says so (`status`), what it says when it did and when the browser refused.
 */
export function CopyButton({
  source,
  status,
  copied,
  refused = "The browser did not allow copying: the text is selected, copy it with the keyboard.",
  children,
}: {
  source: string;
  status: string;
  copied: string;
  refused?: string;
  children: string;
}) {
  return (
    <button
      type="button"
      hidden
      data-copy={source}
      data-copy-status={status}
      data-copied={copied}
      data-copy-refused={refused}
      className={buttonClass("secondary")}
    >
      {children}
    </button>
  );
}
