import { Fragment } from "react";

/**
 * An e-mail address (or a host name) that may wrap after its "@" and its dots when the line is too narrow,
 * rather than mid-word: a <wbr> after each. One span, so that in a flex link the parts stay one run of text
 * (as separate flex items, assistive technology would read them with spaces between).
 */
export function BreakableAddress({ address }: { address: string }) {
  const parts = address.split(/(?<=[@.])/);
  return (
    <span>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address, in order, never reordered
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
