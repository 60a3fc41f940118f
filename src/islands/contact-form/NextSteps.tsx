import type { ContactCopy } from "../../content/collections.ts";

/** What happens after a message is sent: when to expect an answer, and what not to send meanwhile. */
export function NextSteps({ heading, items }: ContactCopy["afterSending"]) {
  return (
    <>
      <p className="font-semibold">{heading}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm leading-relaxed">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </>
  );
}
