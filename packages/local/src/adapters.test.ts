import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CAKE_SANDBOX_DOMAIN, sandboxConnectorConfig } from "@pacer/connectors/sandbox-config";
import { describe, expect, it } from "vitest";
import { LOCAL_ADAPTERS } from "./adapters.ts";

const SANDBOX = "http://127.0.0.1:4010/";

describe("the local runtime's adapters", () => {
  it("point the connectors at the sandbox (the Cake demo domain included) only when PACER_SANDBOX_URL is set", () => {
    const config = LOCAL_ADAPTERS.connectorConfig({ PACER_SANDBOX_URL: SANDBOX });
    expect(config).toEqual(sandboxConnectorConfig(SANDBOX));
    expect(config?.cake?.reservedDomain).toEqual({
      domain: CAKE_SANDBOX_DOMAIN,
      baseUrl: "http://127.0.0.1:4010/cake",
    });
    expect(LOCAL_ADAPTERS.connectorConfig({})).toBeUndefined();
  });

  it("send only the reserved channel host to the sandbox's receiver, path and query kept", () => {
    const target = (url: string, env: Record<string, string>) =>
      LOCAL_ADAPTERS.channelTarget(new URL(url), env);
    expect(target("https://HOOKS.sandbox.pacer.test/services/x?y=1", { PACER_SANDBOX_URL: SANDBOX })).toBe(
      "http://127.0.0.1:4010/hooks/services/x?y=1",
    );
    expect(target("https://hooks.slack.com/services/x", { PACER_SANDBOX_URL: SANDBOX })).toBeUndefined();
    expect(
      target("https://hooks.sandbox.pacer.test.attacker.example/x", { PACER_SANDBOX_URL: SANDBOX }),
    ).toBeUndefined();
    expect(target("https://hooks.sandbox.pacer.test/x", {})).toBeUndefined();
  });

  it("give Google sign-in the sandbox's issuer and client id, and keep platform tokens in encrypted files", async () => {
    expect(LOCAL_ADAPTERS.googleIssuer({ PACER_SANDBOX_URL: SANDBOX })).toEqual({
      issuer: "http://127.0.0.1:4010/google-identity",
      clientId: "sandbox-google-identity-client",
    });
    expect(LOCAL_ADAPTERS.googleIssuer({})).toBeUndefined();

    const dir = mkdtempSync(join(tmpdir(), "pacer-adapters-"));
    const store = LOCAL_ADAPTERS.tokenStore({
      TOKEN_STORE_KEY: Buffer.alloc(32, 7).toString("base64"),
      TOKEN_STORE_DIR: dir,
    });
    await store?.put({ accountId: "acc-1", slug: "cake", email: "demo" }, { apiKey: "k", domain: "d" });
    expect(readdirSync(dir)).toHaveLength(1);
    expect(LOCAL_ADAPTERS.tokenStore({})).toBeUndefined();
  });
});
