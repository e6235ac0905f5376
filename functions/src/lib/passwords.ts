import { randomBytes } from "node:crypto";

/**
 * argon2id parameters (OWASP Password Storage Cheat Sheet: m=19 MiB, t=2, p=1). hash-wasm runs the
 * reference implementation in WebAssembly, so the same code runs on Lambda ARM64 with no native build.
 */
const PARAMS = { iterations: 2, memorySize: 19456, parallelism: 1, hashLength: 32 } as const;

/**
 * hash-wasm, imported at the first password hashed or checked rather than at load: most invocations
 * of the groups that hash (sign-in, registration, users) hash nothing, and its WebAssembly module
 * (base64 in the bundle) is decoded only when a hash is computed anyway.
 */
const hashWasm = () => import("./argon2.ts");

/** Hashes a password to a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`). */
export async function hashPassword(password: string): Promise<string> {
  const { argon2id } = await hashWasm();
  return argon2id({ password, salt: randomBytes(16), ...PARAMS, outputType: "encoded" });
}

/** True when the password matches the PHC hash; false for any mismatch or malformed hash. */
export async function verifyPassword(password: string, hash: string | undefined): Promise<boolean> {
  if (!hash) return false;
  const { argon2Verify } = await hashWasm();
  try {
    return await argon2Verify({ password, hash });
  } catch {
    return false;
  }
}
