/** A reader's pace, in words a minute. */
const WORDS_PER_MINUTE = 230;

/** Minutes a reader needs for a text (its words at a reader's pace): one at least. */
export const minutesToRead = (text: string) => Math.max(1, Math.round(text.split(/\s+/).filter(Boolean).length / WORDS_PER_MINUTE));
