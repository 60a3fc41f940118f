import type { ReactNode } from "react";

/** A letter's page: white, a serif, room around the words, as it will read (the decline's, an offer's, an engagement letter). */
export const sheet =
  "rounded-md border border-line bg-white px-5 py-6 font-serif text-lg leading-relaxed text-ink shadow-sm md:px-12 md:py-10";

/**
 * Who a letter goes to, who it is from and its subject (each when given), above the letter; `children` adds
 * lines of the same kind.
 */
export function Envelope({
  email,
  from,
  subject,
  wide = false,
  children,
}: {
  email: string;
  from?: string;
  subject?: string;
  /** As wide as the text column (max-w-3xl), where it stands outside one. */
  wide?: boolean;
  children?: ReactNode;
}) {
  return (
    <dl className={`mt-4 grid ${wide ? "max-w-3xl " : ""}gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr]`}>
      <dt className="font-semibold">To</dt>
      <dd className="break-all">{email}</dd>
      {from !== undefined && (
        <>
          <dt className="font-semibold">From</dt>
          <dd className="break-all">{from}</dd>
        </>
      )}
      {subject !== undefined && (
        <>
          <dt className="font-semibold">Subject</dt>
          <dd className="break-words">{subject}</dd>
        </>
      )}
      {children}
    </dl>
  );
}

/** A letter to adapt before it goes, laid out as it will read, posted as `letter`. */
export function LetterDraft({ id, rows, maxLength, text }: { id: string; rows: number; maxLength: number; text: string }) {
  return (
    <textarea
      id={id}
      name="letter"
      required
      rows={rows}
      maxLength={maxLength}
      defaultValue={text}
      className={`${sheet} mt-2 block w-full field-sizing-content focus:border-accent`}
    />
  );
}
