import { isoTime, seattleTime } from "./format.ts";

/** A time as the inbox shows it (Seattle's), machine-readable too. */
export function When({ date }: { date: Date }) {
  return <time dateTime={isoTime(date)}>{seattleTime(date)}</time>;
}
