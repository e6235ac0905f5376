import { GetSecretValueCommand, SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { mockClient } from "aws-sdk-client-mock";
import { afterEach, describe, expect, it } from "vitest";
import { connectors, resetConnectors } from "./connectors.ts";

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
