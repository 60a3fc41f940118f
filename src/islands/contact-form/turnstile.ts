import { TURNSTILE_FIELD } from "../../contact/fields.ts";

/** The token of the Turnstile widget, when the server put one on the page. */
export function turnstileToken(): Record<string, string> {
  const input = document.querySelector<HTMLInputElement>(`input[name="${TURNSTILE_FIELD}"]`);
  return input ? { [TURNSTILE_FIELD]: input.value } : {};
}

/** A Turnstile token is good for one post; ask the widget for a fresh one. */
export function resetTurnstile() {
  (window as { turnstile?: { reset(): void } }).turnstile?.reset();
}
