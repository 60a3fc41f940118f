/**
 * Signed engagement PDFs in R2 (the RECORDS binding): one object per letter, written once, and read back to
 * check it against the SHA-256 the database recorded when it was stored.
 */
import { sha256Hex } from "./chain.ts";

/** Where a letter's signed PDF is kept. */
export const recordKey = (letterId: string) => `engagement-letters/${letterId}.pdf`;

/** Stores a letter's signed PDF; returns its key and SHA-256, for the database to record. */
export async function storeEngagementPdf(
  bucket: R2Bucket,
  letterId: string,
  pdf: Uint8Array,
): Promise<{ readonly key: string; readonly sha256: string }> {
  const key = recordKey(letterId);
  const sha256 = await sha256Hex(pdf);
  await bucket.put(key, pdf, {
    httpMetadata: { contentType: "application/pdf", contentDisposition: `attachment; filename="engagement-letter-${letterId}.pdf"` },
    customMetadata: { sha256 },
    // R2 checks the bytes it receives against this, and refuses them if they differ.
    sha256,
  });
  return { key, sha256 };
}

/** What reading a stored PDF back found: its bytes' SHA-256 is the one recorded, another, or there is no object. */
export type StoredCheck =
  | { readonly status: "match"; readonly sha256: string; readonly bytes: number }
  | { readonly status: "mismatch"; readonly sha256: string; readonly bytes: number }
  | { readonly status: "missing" };

/** Reads a stored PDF back from R2 and compares its SHA-256 with the one recorded. */
export async function verifyStoredPdf(bucket: R2Bucket, key: string, recorded: string): Promise<StoredCheck> {
  const object = await bucket.get(key);
  if (!object) return { status: "missing" };
  const bytes = new Uint8Array(await object.arrayBuffer());
  const sha256 = await sha256Hex(bytes);
  return { status: sha256 === recorded ? "match" : "mismatch", sha256, bytes: bytes.length };
}
