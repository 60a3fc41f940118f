/**
 * The notice that what is sent may not be kept confidential (RPC 1.18), just above the Send button, where a
 * visitor reads it before sending; the button names it as its description.
 */
export function ConfidentialityNotice({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} className="rounded-md border-l-4 border-line-strong bg-paper-deep px-4 py-3 text-sm leading-relaxed text-muted">
      {text}
    </p>
  );
}
