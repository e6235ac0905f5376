import { readdirSync } from "node:fs";
import {
  CreateSecretCommand,
  DeleteSecretCommand,
  GetSecretValueCommand,
  InvalidRequestException,
  PutSecretValueCommand,
  ResourceExistsException,
  ResourceNotFoundException,
  SecretsManagerClient,
} from "@aws-sdk/client-secrets-manager";
import { installLocalAdapters } from "@pacer/local/adapters";
import { mockClient } from "aws-sdk-client-mock";
import { beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { aTokenDir, aTokenKey, SOME_TOKENS, TOKEN_REF } from "../../testing/token-fixtures.ts";
import { resetRuntimeAdapters } from "./runtime-adapters.ts";
import { secretsManagerTokenStore, tokenSecretName, tokenStoreFromEnv } from "./token-store.ts";

const ref = TOKEN_REF;
const tokens = SOME_TOKENS;
const aKey = aTokenKey;
const aDir = aTokenDir;

describe("token secret names", () => {
  it("are account/slug/sha256(e-mail), the e-mail lower-cased and never in clear", () => {
    const name = tokenSecretName(ref);
    expect(name).toMatch(/^acc-1\/googleads\/[0-9a-f]{64}$/);
    expect(name).toBe(tokenSecretName({ ...ref, email: " ads@acme.TEST " }));
    expect(name).not.toContain("acme");
    expect(tokenSecretName({ ...ref, email: "other@acme.test" })).not.toBe(name);
  });
});

describe("Secrets Manager token store (aws-sdk-client-mock)", () => {
  const sm = mockClient(SecretsManagerClient);
  const prefix = "pacer/platform-tokens/";
  const name = `${prefix}${tokenSecretName(ref)}`;
  const store = () =>
    secretsManagerTokenStore({ client: new SecretsManagerClient({}), prefix, sleep: async () => {} });
  const notFound = () =>
    new ResourceNotFoundException({ message: "Secrets Manager can't find the secret", $metadata: {} });

  beforeEach(() => sm.reset());

  it("creates one secret per integration, named under the prefix and tagged, when none exists", async () => {
    sm.on(PutSecretValueCommand).rejects(notFound());
    sm.on(CreateSecretCommand).resolves({ Name: name });

    expect(await store().put(ref, tokens)).toBe(name);
    const create = sm.commandCalls(CreateSecretCommand)[0]?.args[0].input;
    expect(create).toMatchObject({
      Name: name,
      Tags: [
        { Key: "pacer:account", Value: "acc-1" },
        { Key: "pacer:integration", Value: "googleads" },
      ],
    });
    expect(JSON.parse(create?.SecretString ?? "")).toEqual(tokens);
    expect(create?.Name).not.toContain("acme");
  });

  it("puts a new value on an existing secret (a rotated refresh token)", async () => {
    sm.on(PutSecretValueCommand).resolves({ Name: name });
    await store().put(ref, { ...tokens, refreshToken: "rotated" });
    expect(sm.commandCalls(PutSecretValueCommand)[0]?.args[0].input).toMatchObject({ SecretId: name });
    expect(sm.commandCalls(CreateSecretCommand)).toHaveLength(0);
  });

  it("puts the value when the secret was created meanwhile", async () => {
    sm.on(PutSecretValueCommand).rejectsOnce(notFound()).resolves({ Name: name });
    sm.on(CreateSecretCommand).rejects(new ResourceExistsException({ message: "exists", $metadata: {} }));
    await store().put(ref, tokens);
    expect(sm.commandCalls(PutSecretValueCommand)).toHaveLength(2);
  });

  it("retries while a removed connection's secret finishes its deletion", async () => {
    const deleting = new InvalidRequestException({
      message:
        "You can't create this secret because a secret with this name is already scheduled for deletion.",
      $metadata: {},
    });
    sm.on(PutSecretValueCommand).rejects(notFound());
    sm.on(CreateSecretCommand).rejectsOnce(deleting).resolves({ Name: name });
    expect(await store().put(ref, tokens)).toBe(name);
    expect(sm.commandCalls(CreateSecretCommand)).toHaveLength(2);
  });

  it("reads credentials back, and answers undefined for a missing secret", async () => {
    sm.on(GetSecretValueCommand, { SecretId: name }).resolves({ SecretString: JSON.stringify(tokens) });
    expect(await store().get(ref)).toEqual(tokens);
    sm.on(GetSecretValueCommand).rejects(notFound());
    expect(await store().get({ ...ref, slug: "bingads" })).toBeUndefined();
  });

  it("deletes without a recovery window, and a missing secret is not an error", async () => {
    sm.on(DeleteSecretCommand).resolvesOnce({}).rejects(notFound());
    await store().delete(ref);
    await store().delete(ref);
    expect(sm.commandCalls(DeleteSecretCommand)[0]?.args[0].input).toEqual({
      SecretId: name,
      ForceDeleteWithoutRecovery: true,
    });
  });

  it("lets other errors through", async () => {
    sm.on(GetSecretValueCommand).rejects(new Error("AccessDeniedException"));
    await expect(store().get(ref)).rejects.toThrow("AccessDeniedException");
  });
});

describe("choosing the store from the environment", () => {
  it("Secrets Manager on AWS, the encrypted files locally, and an error when neither is set", async () => {
    installLocalAdapters();
    onTestFinished(resetRuntimeAdapters);
    const sm = mockClient(SecretsManagerClient);
    sm.on(GetSecretValueCommand).resolves({ SecretString: JSON.stringify(tokens) });
    expect(await tokenStoreFromEnv({ TOKEN_STORE_SECRET_PREFIX: "p/" }).get(ref)).toEqual(tokens);
    sm.restore();

    const dir = aDir();
    const local = tokenStoreFromEnv({ TOKEN_STORE_KEY: aKey(), TOKEN_STORE_DIR: dir });
    await local.put(ref, tokens);
    expect(readdirSync(dir)).toHaveLength(1);

    expect(() => tokenStoreFromEnv({ TOKEN_STORE_KEY: aKey() })).toThrow(/TOKEN_STORE_DIR/);
    expect(() => tokenStoreFromEnv({})).toThrow(/No token store configured/);
  });
});
