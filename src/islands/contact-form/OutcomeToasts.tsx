import { Toast, Toaster, createToaster } from "@ark-ui/react/toast";
import { type FocusEvent, type KeyboardEvent as ReactKeyboardEvent, type RefObject, useEffect, useRef } from "react";
import { type ContactOutcome, outcomeTone } from "../../contact/messages.ts";
import type { ContactCopy } from "../../content/collections.ts";

const toaster = createToaster({ placement: "bottom-end", overlap: false, gap: 12, max: 3, duration: 6000 });

/**
 * How long an outcome's toast stays. A success goes after six seconds (the cleared form says the same);
 * an error stays until dismissed, as its words are said nowhere else and nobody should have to race them
 * (WCAG 2.2.1).
 */
const toastDuration = (tone: (typeof outcomeTone)[ContactOutcome]) => (tone === "success" ? 6000 : Infinity);

/** Shows an outcome's toast, in place of the last one rather than stacked under it. */
export function toastOutcome(outcome: ContactOutcome, outcomes: ContactCopy["outcomes"]) {
  const { title, description } = outcomes[outcome];
  const tone = outcomeTone[outcome];
  toaster.dismiss();
  toaster.create({ title, description, type: tone === "success" ? "success" : "error", duration: toastDuration(tone) });
}

/** Whether a toast is on screen. */
export const toastShown = () => toaster.getVisibleToasts().length > 0;

/**
 * The outcome toasts (Ark's), at the bottom of the window. Escape dismisses them from anywhere without
 * moving focus; a toast reached with Tab keeps focus until it is dismissed, and focus then returns to where
 * it came from, else to `fallbackFocus` (the Send button).
 */
export function OutcomeToasts({ fallbackFocus }: { fallbackFocus: RefObject<HTMLElement | null> }) {
  /** Where focus was before it moved into a toast. */
  const focusBeforeToast = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dismissOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented && toastShown()) toaster.dismiss();
    };
    document.addEventListener("keydown", dismissOnEscape);
    return () => document.removeEventListener("keydown", dismissOnEscape);
  }, []);

  /** Before a focused toast goes, focus returns to where it came from (else the fallback), not to the page's top. */
  const returnFocusFromToast = () => {
    const target = focusBeforeToast.current?.isConnected ? focusBeforeToast.current : fallbackFocus.current;
    target?.focus();
  };

  /*
   * A toast is reached with Tab right after the form. Ark's toast group sends focus back to where it came
   * from as soon as it leaves the group, which would make Tab cycle between the form and the toast for
   * ever; so focus inside a toast is kept from the group, and the toast pauses and resumes itself. (Its
   * Alt+T shortcut, which focuses the group itself, keeps Ark's return-on-leave.)
   */
  const toastFocusProps = {
    onFocus(event: FocusEvent<HTMLElement>) {
      event.stopPropagation();
      const from = event.relatedTarget;
      if (from instanceof HTMLElement && !from.closest("[data-scope=toast]")) focusBeforeToast.current = from;
      toaster.pause();
    },
    onBlur(event: FocusEvent<HTMLElement>) {
      if (!(event.relatedTarget instanceof Element && event.relatedTarget.closest("[data-scope=toast]"))) toaster.resume();
    },
    onKeyDown(event: ReactKeyboardEvent<HTMLElement>) {
      if (event.key === "Escape") returnFocusFromToast();
    },
  };

  return (
    <Toaster toaster={toaster}>
      {(toast) => (
        <Toast.Root
          {...toastFocusProps}
          className={`w-[min(24rem,calc(100vw-2rem))] rounded-lg border-l-4 bg-paper p-4 pr-10 shadow-xl ring-1 ring-line ${toast.type === "error" ? "border-danger" : "border-accent"}`}
        >
          <Toast.Title className={`font-semibold ${toast.type === "error" ? "text-danger" : "text-accent-strong"}`}>
            {toast.title}
          </Toast.Title>
          <Toast.Description className="mt-1 text-sm text-ink">{toast.description}</Toast.Description>
          <Toast.CloseTrigger
            aria-label="Dismiss notification"
            onClick={returnFocusFromToast}
            className="absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-md text-muted hover:bg-paper-deep hover:text-ink"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 16 16"
              width="14"
              height="14"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.75"
              strokeLinecap="round"
            >
              <path d="m4 4 8 8M12 4l-8 8" />
            </svg>
          </Toast.CloseTrigger>
        </Toast.Root>
      )}
    </Toaster>
  );
}
