/**
 * What a backup is in the R2 bucket: a folder per run under `backups/`, named by the run's start, holding each
 * table's parts and, written last, the manifest that says what a whole backup holds. A folder without a
 * manifest is a run that has not finished (or never will): never a backup.
 */

/** The bucket's folder of backups: the job reads, writes and deletes nothing outside it. */
export const BACKUPS_FOLDER = "backups/";

/** Says what wrote a manifest, and how: a manifest of anything else is refused. */
export const BACKUP_FORMAT = "creative-law-site backup, format 1";

/** A run's name: its start in UTC, to the second, as a folder name can hold it. */
export const RUN_NAME = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/;

export const runName = (start: Date) =>
  start
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replaceAll(":", "-");

export const runFolder = (run: string) => `${BACKUPS_FOLDER}${run}/`;

export const manifestKey = (run: string) => `${runFolder(run)}manifest.json.gz.aes`;

/** A part's key: its table, its number, and the token of the message that wrote it (a second delivery writes its own). */
export const partKey = (run: string, table: string, part: number, token: string) =>
  `${runFolder(run)}${table}.${String(part).padStart(5, "0")}.${token}.jsonl.gz.aes`;

export interface BackupPart {
  readonly key: string;
  readonly rows: number;
  /** The sealed file's size and SHA-256, as stored. */
  readonly bytes: number;
  readonly sha256: string;
}

export interface BackupTable {
  readonly name: string;
  readonly rows: number;
  readonly parts: readonly BackupPart[];
}

export interface Manifest {
  readonly format: typeof BACKUP_FORMAT;
  readonly run: string;
  readonly startedAt: string;
  readonly finishedAt: string;
  /** The last migration applied to the database backed up: a restore applies the migrations up to it first. */
  readonly migration: string;
  /** In the order they are restored (the order they were created: a table before those that refer to it). */
  readonly tables: readonly BackupTable[];
}
