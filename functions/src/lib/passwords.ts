import { randomBytes } from "node:crypto";
import { argon2id, argon2Verify } from "hash-wasm";

/**
 * argon2id parameters (OWASP Password Storage Cheat Sheet: m=19 MiB, t=2, p=1). hash-wasm runs the
 * reference implementation in WebAssembly, so the same code runs on Lambda ARM64 with no native build.
 */
const PARAMS = { iterations: 2, memorySize: 19456, parallelism: 1, hashLength: 32 } as const;

/** Hashes a password to a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`). */
export async function hashPassword(password: string): Promise<string> {
  return argon2id({ password, salt: randomBytes(16), ...PARAMS, outputType: "encoded" });
}

/** True when the password matches the PHC hash; false for any mismatch or malformed hash. */
export async function verifyPassword(password: string, hash: string | undefined): Promise<boolean> {
  if (!hash) return false;
  try {
    return await argon2Verify({ password, hash });
  } catch {
    return false;
  }
}
