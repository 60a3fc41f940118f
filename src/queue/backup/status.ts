/**
 * How the last finished backup is told to the attorney: the inbox's footer on every page, and the weekly
 * digest when it is older than it should be.
 */

import type { LastBackup } from "../../db/backups.ts";

/** A backup older than this means a night was missed: the inbox and the digest say so. */
export const BACKUP_STALE_MS = 36 * 60 * 60_000;

export const backupIsStale = (last: LastBackup | undefined, now: Date) =>
  !last?.finishedAt || now.getTime() - last.finishedAt.getTime() > BACKUP_STALE_MS;

/** "1.2 MB", "840 KB". */
export function sizeLabel(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} KB`;
}

/** The sentence the inbox and the digest use; `when` writes the time as each of them writes times. */
export function backupSentence(last: LastBackup | undefined, now: Date, when: (date: Date) => string): string {
  if (!last?.finishedAt) return "No backup of the inquiries has finished yet: tell your operator.";
  const sentence = `Last backup of the inquiries: ${when(last.finishedAt)}, ${sizeLabel(last.bytes)}, encrypted.`;
  return backupIsStale(last, now) ? `${sentence} That is more than 36 hours ago, so a night was missed: tell your operator.` : sentence;
}
