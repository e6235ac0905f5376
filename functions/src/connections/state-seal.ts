import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * What the code exchange needs besides the code, kept server side with the OAuth state: the PKCE
 * verifier, or X's request-token secret (OAuth 1.0a).
 */
export interface ExchangeMaterial {
  codeVerifier?: string;
  requestTokenSecret?: string;
}

const SALT = Buffer.from("pacer-oauth-state-v1");

function keyFor(state: string, slug: string): Buffer {
  return Buffer.from(hkdfSync("sha256", Buffer.from(state, "utf8"), SALT, Buffer.from(slug, "utf8"), 32));
}

/**
 * Encrypts the exchange material with a key derived from the state itself (HKDF-SHA256; the state
 * is 192 random bits, or X's request token): the table keeps only the state's hash, so what it
 * stores cannot be used without the return page's query. AES-256-GCM, `iv.tag.ciphertext` base64url.
 */
export function sealExchangeMaterial(state: string, slug: string, material: ExchangeMaterial): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(state, slug), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(material), "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString("base64url")).join(".");
}

/** Decrypts {@link sealExchangeMaterial}'s output. @throws Error when the state or the data is wrong */
export function unsealExchangeMaterial(state: string, slug: string, sealed: string): ExchangeMaterial {
  const [iv, tag, data] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !data) throw new Error("Sealed exchange material is malformed");
  const decipher = createDecipheriv("aes-256-gcm", keyFor(state, slug), iv);
  decipher.setAuthTag(tag);
  const plain = Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
  return JSON.parse(plain) as ExchangeMaterial;
}
