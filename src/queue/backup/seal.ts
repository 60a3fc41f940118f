/**
 * How a backup's files are sealed before they leave the Worker: rows as JSON lines, gzip, then AES-256-GCM
 * (WebCrypto) with a fresh 12-byte IV written before the ciphertext. Whoever reads the bucket without the key
 * reads nothing, and a changed byte fails the decryption's authentication. The same code opens them, in the
 * Worker's tests and in `npm run restore`.
 */

/** A row as D1 returns it. */
export type Row = Record<string, unknown>;

const IV_BYTES = 12;

/** The key from its secret (BACKUP_KEY): 32 random bytes in base64. */
export async function backupKey(secret: string | undefined): Promise<CryptoKey> {
  let bytes = new Uint8Array();
  try {
    bytes = Uint8Array.from(atob(secret?.trim() ?? ""), (char) => char.charCodeAt(0));
  } catch {
    // Not base64 at all: refused below in the same words.
  }
  if (bytes.length !== 32) throw new Error('BACKUP_KEY is not 32 bytes in base64 (docs/operators.md, "Backups")');
  return crypto.subtle.importKey("raw", bytes, "AES-GCM", false, ["encrypt", "decrypt"]);
}

/** A new key's secret, for `npm start` and the tests. */
export const newBackupSecret = () => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));

async function piped(bytes: Uint8Array<ArrayBuffer>, transform: CompressionStream | DecompressionStream): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([bytes]).stream().pipeThrough(transform);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function seal(key: CryptoKey, plain: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const zipped = await piped(plain, new CompressionStream("gzip"));
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, zipped));
  const sealed = new Uint8Array(IV_BYTES + cipher.length);
  sealed.set(iv);
  sealed.set(cipher, IV_BYTES);
  return sealed;
}

/** The plain bytes of a sealed file; throws when the key is not the one it was sealed with, or a byte changed. */
export async function unseal(key: CryptoKey, sealed: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const zipped = await crypto.subtle.decrypt({ name: "AES-GCM", iv: sealed.slice(0, IV_BYTES) }, key, sealed.slice(IV_BYTES));
  return piped(new Uint8Array(zipped), new DecompressionStream("gzip"));
}

export const rowsToBytes = (rows: readonly Row[]) => new TextEncoder().encode(rows.map((row) => `${JSON.stringify(row)}\n`).join(""));

export const bytesToRows = (bytes: Uint8Array<ArrayBuffer>): Row[] =>
  new TextDecoder()
    .decode(bytes)
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Row);

export async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
