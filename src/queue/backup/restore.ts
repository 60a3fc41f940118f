import { BACKUP_FORMAT, type Manifest, RUN_NAME, manifestKey } from "./manifest.ts";
import { type Row, bytesToRows, sha256, unseal } from "./seal.ts";

/*
 * Reading a backup back: every file checked (present, its size, its SHA-256, sealed with this key, its rows
 * counted) before a row is written, so a damaged or foreign backup is refused whole, with the reason; then
 * its rows written into a database migrated up to the backup's migration. The same code runs in the Worker's
 * tests and in `npm run restore` (scripts/restore.ts), each with its own bindings.
 */

/** What restoring needs of R2: getting an object's bytes. */
export interface BackupSource {
  get(key: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer> } | null>;
}

export class BackupRefused extends Error {}

async function fileBytes(source: BackupSource, key: string): Promise<Uint8Array<ArrayBuffer>> {
  const object = await source.get(key);
  if (!object) throw new BackupRefused(`${key} is missing`);
  return new Uint8Array(await object.arrayBuffer());
}

async function opened(key: CryptoKey, bytes: Uint8Array<ArrayBuffer>, name: string): Promise<Uint8Array<ArrayBuffer>> {
  try {
    return await unseal(key, bytes);
  } catch {
    throw new BackupRefused(`${name} does not open with this BACKUP_KEY: it was made with another key, or it is damaged`);
  }
}

/** The rows of one part, checked against what the manifest says of it. */
async function partRows(source: BackupSource, key: CryptoKey, part: Manifest["tables"][number]["parts"][number]): Promise<Row[]> {
  const bytes = await fileBytes(source, part.key);
  if (bytes.length !== part.bytes || (await sha256(bytes)) !== part.sha256)
    throw new BackupRefused(`${part.key} is not the file the manifest names (its size or SHA-256 differs)`);
  const rows = bytesToRows(await opened(key, bytes, part.key));
  if (rows.length !== part.rows) throw new BackupRefused(`${part.key} holds ${rows.length} rows, not the ${part.rows} the manifest says`);
  return rows;
}

/** The manifest of `run`, opened and checked, with every file it names checked too; or BackupRefused, saying why. */
export async function checkBackup(source: BackupSource, run: string, key: CryptoKey): Promise<Manifest> {
  if (!RUN_NAME.test(run)) throw new BackupRefused(`${JSON.stringify(run)} is not a backup's name (like 2026-11-28T10-00-00Z)`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(
      new TextDecoder().decode(await opened(key, await fileBytes(source, manifestKey(run)), "the manifest")),
    ) as Manifest;
  } catch (error) {
    if (error instanceof BackupRefused) throw error;
    throw new BackupRefused("the manifest is not JSON");
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.run !== run)
    throw new BackupRefused(
      `the manifest is not this site's backup ${run} (format ${JSON.stringify(manifest.format)}, run ${JSON.stringify(manifest.run)})`,
    );
  for (const table of manifest.tables) {
    let rows = 0;
    for (const part of table.parts) rows += (await partRows(source, key, part)).length;
    if (rows !== table.rows)
      throw new BackupRefused(`${table.name} has ${rows} rows in its files, not the ${table.rows} the manifest says`);
  }
  return manifest;
}

/** Statements per D1 batch while loading. */
const BATCH = 50;

/**
 * Writes every row of a checked backup into `db`, which holds the schema of the backup's migration and no
 * rows of its own (counts kept by triggers are overwritten by their backed-up rows, which come after).
 */
export async function loadBackup(source: BackupSource, manifest: Manifest, key: CryptoKey, db: D1Database): Promise<number> {
  let written = 0;
  for (const table of manifest.tables) {
    for (const part of table.parts) {
      const statements = (await partRows(source, key, part)).map((row) => {
        const columns = Object.keys(row);
        return db
          .prepare(
            `INSERT OR REPLACE INTO "${table.name}" (${columns.map((column) => `"${column}"`).join(", ")}) VALUES (${columns.map((_, i) => `?${i + 1}`).join(", ")})`,
          )
          .bind(...columns.map((column) => row[column] ?? null));
      });
      for (let start = 0; start < statements.length; start += BATCH) await db.batch(statements.slice(start, start + BATCH));
      written += statements.length;
    }
  }
  return written;
}
