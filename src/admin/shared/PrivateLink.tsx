import { buttonClass } from "../../components/ButtonLink.tsx";
import { CopyButton } from "./CopyButton.tsx";
import { fieldClass, labelClass } from "./fields.ts";

/**
 * A private address shown once (a booking link, an engagement letter's link, the calendar feed): read-only,
 * to select or copy (`copy`: the button's words, what it says when it did and when the browser refused), with
 * one more way to use it (`open`: into her mail program, her calendar app). `status` is where the copy button
 * speaks.
 */
export function PrivateLink({
  id,
  status,
  label,
  link,
  copy,
  open,
}: {
  id: string;
  status: string;
  label: string;
  link: string;
  copy: { readonly button: string; readonly copied: string; readonly refused?: string };
  open: { readonly href: string; readonly label: string };
}) {
  return (
    <>
      <label htmlFor={id} className={`${labelClass} mt-4`}>
        {label}
      </label>
      <input id={id} readOnly value={link} className={`${fieldClass} font-mono text-sm`} />
      <div className="mt-4 flex flex-wrap gap-3">
        <CopyButton source={id} status={status} copied={copy.copied} refused={copy.refused}>
          {copy.button}
        </CopyButton>
        <a href={open.href} className={buttonClass("secondary")}>
          {open.label}
        </a>
      </div>
      <p id={status} role="status" className="mt-2 text-sm font-medium" />
    </>
  );
}
