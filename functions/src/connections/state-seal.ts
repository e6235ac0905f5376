import { hkdfSync } from "node:crypto";

// jose's JWE modules (by subpath, at the first seal or unseal of a cold start): only the connect
// flow's start and return read them, so the other connections calls do not load JWE's encryption
// and key management at init (BENCHMARKS.md, "Cold start").

/**
 * What the code exchange needs besides the code, kept server side with the OAuth state: the PKCE
 * verifier, or the request-token secret of an OAuth 1.0a platform (X).
 */
export interface ExchangeMaterial {
  codeVerifier?: string;
  requestTokenSecret?: string;
}

const SALT = Buffer.from("pacer-oauth-state-v1");

/** The content-encryption key: HKDF-SHA256 of the state, salted, with the platform's slug as info (32 bytes). */
function keyFor(state: string, slug: string): Uint8Array {
  return new Uint8Array(hkdfSync("sha256", Buffer.from(state, "utf8"), SALT, Buffer.from(slug, "utf8"), 32));
}

/**
 * Encrypts the exchange material as a compact JWE (RFC 7516; `alg: dir`, `enc: A256GCM`) with a key
 * derived from the state itself (the state is 192 random bits, or the request token of an OAuth
 * 1.0a platform): the table keeps only the state's hash, so what it stores cannot be used without
 * the return page's query.
 */
export async function sealExchangeMaterial(
  state: string,
  slug: string,
  material: ExchangeMaterial,
): Promise<string> {
  const { CompactEncrypt } = await import("jose/jwe/compact/encrypt");
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(material)))
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .encrypt(keyFor(state, slug));
}

/**
 * Decrypts {@link sealExchangeMaterial}'s output.
 * @throws Error (jose's JWE errors) when the state, the slug or the data is wrong
 */
export async function unsealExchangeMaterial(
  state: string,
  slug: string,
  sealed: string,
): Promise<ExchangeMaterial> {
  const { compactDecrypt } = await import("jose/jwe/compact/decrypt");
  const { plaintext } = await compactDecrypt(sealed, keyFor(state, slug), {
    keyManagementAlgorithms: ["dir"],
    contentEncryptionAlgorithms: ["A256GCM"],
  });
  return JSON.parse(new TextDecoder().decode(plaintext)) as ExchangeMaterial;
}
