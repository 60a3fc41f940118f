import { type JWK, type JWTVerifyGetKey, SignJWT, createLocalJWKSet, importJWK } from "jose";
import type { AccessPolicy } from "./policy.ts";

/*
 * Local development stands in for Cloudflare Access: `scripts/local-secrets.ts` writes an RS256 key pair
 * into .dev.vars (ignored by git, read by `wrangler dev` and `vite dev`, never uploaded by `wrangler
 * deploy`). On a loopback host only, the gate signs a short-lived token for the local developer with it and
 * runs the same verifier as production against its public key. A request to any other host never takes
 * this path, so the key could not open the inbox in production even if it were configured there.
 */

/** The identity the local signer signs in. */
export const LOCAL_DEVELOPER_EMAIL = "developer@localhost";

/** The local stand-in for an Access application: its own issuer and audience, one allowed address. */
export const localPolicy: AccessPolicy = {
  issuer: "urn:creative-law-site:local-signer",
  audience: "urn:creative-law-site:local-inbox",
  allowedEmails: new Set([LOCAL_DEVELOPER_EMAIL]),
};

const KEY_ID = "local-development";
const TOKEN_LIFETIME = "60s";

export interface LocalSigner {
  /** The public half, as the key set the verifier reads. */
  readonly keys: JWTVerifyGetKey;
  /** A fresh token for the local developer. */
  sign(): Promise<string>;
}

/** One signer per key for the life of the isolate (importing an RSA key is not free). */
const signers = new Map<string, Promise<LocalSigner>>();

/** The signer for the private JWK in ADMIN_LOCAL_SIGNING_KEY (a JSON string). Rejects if it is not an RSA key. */
export function localSigner(privateJwk: string): Promise<LocalSigner> {
  let signer = signers.get(privateJwk);
  if (!signer) {
    signer = createSigner(privateJwk);
    signers.set(privateJwk, signer);
    signer.catch(() => signers.delete(privateJwk));
  }
  return signer;
}

async function createSigner(privateJwk: string): Promise<LocalSigner> {
  const jwk = JSON.parse(privateJwk) as JWK;
  if (jwk.kty !== "RSA" || !jwk.n || !jwk.e || !jwk.d) throw new Error("ADMIN_LOCAL_SIGNING_KEY is not a private RSA JWK");
  const privateKey = await importJWK(jwk, "RS256");
  const keys = createLocalJWKSet({ keys: [{ kty: "RSA", n: jwk.n, e: jwk.e, alg: "RS256", use: "sig", kid: KEY_ID }] });
  return {
    keys,
    sign: () =>
      new SignJWT({ email: LOCAL_DEVELOPER_EMAIL })
        .setProtectedHeader({ alg: "RS256", kid: KEY_ID })
        .setIssuer(localPolicy.issuer)
        .setAudience(localPolicy.audience)
        .setIssuedAt()
        .setExpirationTime(TOKEN_LIFETIME)
        .sign(privateKey),
  };
}
