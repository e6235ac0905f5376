import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type TokenRef, tokenSecretName } from "@pacer/functions/lib/token-store";
import { aTokenDir, aTokenKey, SOME_TOKENS, TOKEN_REF } from "@pacer/functions/testing/token-fixtures";
import { describe, expect, it } from "vitest";
import { localTokenStore } from "./token-store.ts";

const ref = TOKEN_REF;
const tokens = SOME_TOKENS;
const aKey = aTokenKey;
const aDir = aTokenDir;

describe("encrypted local token store", () => {
  it("keeps only ciphertext on disk and reads the credentials back", async () => {
    const dir = aDir();
    const store = localTokenStore({ dir, key: aKey() });

    expect(await store.put(ref, tokens)).toBe(tokenSecretName(ref));
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const onDisk = readFileSync(join(dir, files[0] as string), "utf8");
    expect(onDisk).not.toContain("access-token-value");
    expect(onDisk).not.toContain("refresh-token-value");
    expect(onDisk).not.toContain("acme");
    expect(JSON.parse(onDisk)).toMatchObject({ format: "pacer-token-store-v1" });
    expect(statSync(join(dir, files[0] as string)).mode & 0o777).toBe(0o600);

    expect(await store.get(ref)).toEqual(tokens);
    expect(await store.get({ ...ref, slug: "facebookads" })).toBeUndefined();
  });

  it("replaces credentials, and forgets them", async () => {
    const store = localTokenStore({ dir: aDir(), key: aKey() });
    await store.put(ref, tokens);
    await store.put(ref, { ...tokens, accessToken: "rotated" });
    expect(await store.get(ref)).toMatchObject({ accessToken: "rotated" });
    await store.delete(ref);
    await store.delete(ref);
    expect(await store.get(ref)).toBeUndefined();
  });

  it("fails to read with the wrong key", async () => {
    const dir = aDir();
    await localTokenStore({ dir, key: aKey() }).put(ref, tokens);
    await expect(localTokenStore({ dir, key: aKey() }).get(ref)).rejects.toThrow(/cannot decrypt/);
  });

  it("fails to read a file copied over another integration's (the name is bound to the ciphertext)", async () => {
    const dir = aDir();
    const store = localTokenStore({ dir, key: aKey() });
    const victim = { ...ref, accountId: "acc-2" };
    await store.put(ref, tokens);
    await store.put(victim, { accessToken: "victim" });
    const fileOf = (r: TokenRef) =>
      join(dir, `${createHash("sha256").update(tokenSecretName(r)).digest("hex")}.json`);
    writeFileSync(fileOf(victim), readFileSync(fileOf(ref)));
    await expect(store.get(victim)).rejects.toThrow(/cannot decrypt/);
  });

  it("refuses a key that is not 32 bytes", () => {
    expect(() => localTokenStore({ dir: aDir(), key: randomBytes(16).toString("base64") })).toThrow(
      /32 bytes/,
    );
  });
});
