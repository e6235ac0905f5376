import { GetSecretValueCommand, SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { INTEGRATION_SLUGS } from "@pacer/connectors";
import { mockClient } from "aws-sdk-client-mock";
import { afterEach, describe, expect, it } from "vitest";
import { connectors, connectorsOf, resetConnectors } from "./connectors.ts";

describe("the connectors' platform secrets from Secrets Manager (aws-sdk-client-mock; the client module imported at first use)", () => {
  const sm = mockClient(SecretsManagerClient);
  afterEach(() => {
    sm.reset();
    resetConnectors();
  });

  it("lays the secret named by PLATFORM_SECRETS_ARN over the environment, read once per process", async () => {
    sm.on(GetSecretValueCommand, { SecretId: "arn:platforms" }).resolves({
      SecretString: JSON.stringify({ META_APP_ID: "app-1", META_APP_SECRET: "secret-1" }),
    });
    const env = { PLATFORM_SECRETS_ARN: "arn:platforms", META_APP_ID: "from-env" };
    const first = await connectors(env);
    expect(first.config.facebookads).toMatchObject({ appId: "app-1", appSecret: "secret-1" });
    expect(await connectors(env)).toBe(first);
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });
});

describe("each platform's connector loaded at its first ask", () => {
  afterEach(() => resetConnectors());

  it("loads the platforms asked for, each once per process, and every platform when all are asked for", async () => {
    const env = { META_APP_ID: "app-1", META_APP_SECRET: "secret-1" };
    const some = await connectorsOf(["facebookads", "myspace"], env);
    // Only Meta: an unknown slug is left out, as the registry always answered it.
    expect(Object.keys(some.registry)).toEqual(["facebookads"]);
    const meta = some.registry.facebookads;
    expect(meta.live).toBe(true);

    const again = await connectorsOf(["facebookads"], env);
    expect(again).toBe(some);
    expect(again.registry.facebookads).toBe(meta);

    const all = await connectors(env);
    expect(all).toBe(some);
    expect(Object.keys(all.registry).sort()).toEqual([...INTEGRATION_SLUGS].sort());
    expect(all.registry.facebookads).toBe(meta);
    for (const slug of INTEGRATION_SLUGS) expect(all.registry[slug].slug).toBe(slug);
  });
});
