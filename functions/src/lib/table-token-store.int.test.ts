import { randomUUID } from "node:crypto";
import {
  DeleteSecretCommand,
  GetSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from "@aws-sdk/client-secrets-manager";
import { db, getPlatformToken } from "@pacer/db";
import { mockClient } from "aws-sdk-client-mock";
import { afterEach, describe, expect, it } from "vitest";
import { SOME_TOKENS } from "../../testing/token-fixtures.ts";
import {
  secretsManagerTokenKey,
  secretsManagerTokenStore,
  type TokenRef,
  tableTokenStore,
  tokenKeyFromMaterial,
  tokenSecretName,
  tokenStoreFromEnv,
} from "./token-store.ts";

/**
 * The sealed token store over DynamoDB Local (the table, the conditional migration write) with the
 * real AES-256-GCM cipher; only Secrets Manager (the key secret and the old per-integration
 * secrets) is mocked.
 */

const KEY_SECRET = "arn:aws:secretsmanager:us-east-1:111111111111:secret:pacer/token-key";
const PREFIX = "pacer/platform-tokens/";
const MATERIAL = "k".repeat(20) + randomUUID();
const sm = mockClient(SecretsManagerClient);
afterEach(() => sm.reset());

const aRef = (): TokenRef => ({
  accountId: `acc-${randomUUID()}`,
  slug: "googleads",
  email: "Ads@Acme.test",
});
const key = () => tokenKeyFromMaterial(MATERIAL);
const tableKeyOf = (ref: TokenRef) => ({
  accountId: ref.accountId,
  slug: ref.slug,
  emailHash: tokenSecretName(ref).split("/")[2] ?? "",
});
const notFound = () => new ResourceNotFoundException({ message: "not found", $metadata: {} });

/** Old secrets by name, served by the mocked Secrets Manager; deleted ones disappear. */
function oldSecrets(initial: Record<string, unknown>) {
  const secrets = new Map(Object.entries(initial).map(([k, v]) => [k, JSON.stringify(v)]));
  sm.on(GetSecretValueCommand).callsFake(({ SecretId }: { SecretId: string }) => {
    if (SecretId === KEY_SECRET) return { SecretString: MATERIAL };
    const value = secrets.get(SecretId);
    if (value === undefined) throw notFound();
    return { SecretString: value };
  });
  sm.on(DeleteSecretCommand).callsFake(({ SecretId }: { SecretId: string }) => {
    if (!secrets.delete(SecretId)) throw notFound();
    return {};
  });
  return secrets;
}
const secretReads = (id: string) =>
  sm.commandCalls(GetSecretValueCommand).filter((c) => c.args[0].input.SecretId === id).length;

describe("the sealed table token store", () => {
  it("keeps credentials in the table only as ciphertext, and reads them back", async () => {
    const store = tableTokenStore({ key: async () => key() });
    const ref = aRef();
    expect(await store.put(ref, SOME_TOKENS)).toBe(tokenSecretName(ref));
    const raw = JSON.stringify(
      await (await db()).entities.platformToken.get(tableKeyOf(ref)).go({ data: "raw" }),
    );
    expect(raw).toContain("PLATFORMTOKEN#");
    for (const secret of [SOME_TOKENS.accessToken, SOME_TOKENS.refreshToken, "access-token", "Acme"]) {
      expect(raw).not.toContain(secret);
    }
    expect(await store.get(ref)).toEqual(SOME_TOKENS);
    await store.delete(ref);
    expect(await store.get(ref)).toBeUndefined();
    await store.delete(ref);
  });

  it("refuses an item under another integration's key, and a wrong key", async () => {
    const store = tableTokenStore({ key: async () => key() });
    const [a, b] = [aRef(), aRef()];
    await store.put(a, SOME_TOKENS);
    const sealed = await getPlatformToken(tableKeyOf(a));
    if (!sealed) throw new Error("not stored");
    await (await db()).entities.platformToken
      .put({
        ...tableKeyOf(b),
        keyId: sealed.keyId,
        iv: sealed.iv,
        tag: sealed.tag,
        data: sealed.data,
        updatedAt: sealed.updatedAt,
      })
      .go();
    await expect(store.get(b)).rejects.toThrow(/cannot decrypt/);
    const other = tableTokenStore({ key: async () => tokenKeyFromMaterial("o".repeat(20) + randomUUID()) });
    await expect(other.get(a)).rejects.toThrow(/cannot decrypt/);
  });

  it("migrates credentials from the old store (a secret per connection) on their first read", async () => {
    const [a, b] = [aRef(), aRef()];
    const rotated = { ...SOME_TOKENS, refreshToken: "1//rotated" };
    const secrets = oldSecrets({
      [`${PREFIX}${tokenSecretName(a)}`]: SOME_TOKENS,
      [`${PREFIX}${tokenSecretName(b)}`]: rotated,
    });
    const env = { TOKEN_STORE_KEY_SECRET_ARN: KEY_SECRET, TOKEN_STORE_SECRET_PREFIX: PREFIX };
    const store = tokenStoreFromEnv(env);

    expect(await store.get(a)).toEqual(SOME_TOKENS);
    expect(await store.get(b)).toEqual(rotated);
    // moved: in the table (sealed), gone from the old store
    expect(secrets.size).toBe(0);
    expect(await getPlatformToken(tableKeyOf(a))).toMatchObject({ keyId: key().id });
    // read again: from the table alone, the key secret read once for the whole process
    const reads = sm.commandCalls(GetSecretValueCommand).length;
    expect(await store.get(a)).toEqual(SOME_TOKENS);
    expect(await store.get(b)).toEqual(rotated);
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(reads);
    expect(secretReads(KEY_SECRET)).toBe(1);
    // a store of the next cold start reads the table without touching the old secrets
    sm.resetHistory();
    expect(await tokenStoreFromEnv(env).get(a)).toEqual(SOME_TOKENS);
    expect(sm.commandCalls(GetSecretValueCommand).map((c) => c.args[0].input.SecretId)).toEqual([KEY_SECRET]);
  });

  it("never overwrites credentials a refresh rotated while an old secret was being migrated", async () => {
    const ref = aRef();
    oldSecrets({ [`${PREFIX}${tokenSecretName(ref)}`]: SOME_TOKENS });
    const legacy = secretsManagerTokenStore({ client: new SecretsManagerClient({}), prefix: PREFIX });
    const rotated = { ...SOME_TOKENS, refreshToken: "1//rotated-meanwhile" };
    const table = tableTokenStore({ key: async () => key() });
    // the old value is read, then another worker stores rotated credentials before the move is written
    const racing = tableTokenStore({
      key: async () => key(),
      legacy: {
        ...legacy,
        get: async (r) => {
          const old = await legacy.get(r);
          await table.put(r, rotated);
          return old;
        },
      },
    });
    expect(await racing.get(ref)).toEqual(rotated);
    expect(await table.get(ref)).toEqual(rotated);
  });

  it("reads the key secret again after a failed read (no cached failure)", async () => {
    let calls = 0;
    sm.on(GetSecretValueCommand).callsFake(() => {
      calls += 1;
      if (calls === 1) throw new Error("throttled");
      return { SecretString: MATERIAL };
    });
    const provider = secretsManagerTokenKey(new SecretsManagerClient({}), KEY_SECRET);
    await expect(provider()).rejects.toThrow("throttled");
    expect((await provider()).id).toBe(key().id);
    await provider();
    expect(calls).toBe(2);
  });
});
