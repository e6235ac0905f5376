import { describe, expect, it } from "vitest";
import { platformGivesBudget } from "./budget-platforms.ts";
import { connectorConfigFromEnv } from "./config.ts";
import { CONNECTOR_LOADERS, loadConnector } from "./connector-loaders.ts";
import { NotConfiguredError, NotSupportedError } from "./errors.ts";
import { CONNECTORS, connectorFor, createConnectors, DESCRIPTORS } from "./registry.ts";
import { sandboxConnectorConfig } from "./sandbox-config.ts";
import { ensureFreshTokens } from "./tokens.ts";
import { INTEGRATION_SLUGS } from "./types.ts";

describe("connector registry", () => {
  it("has one connector per integration slug, live only where built", () => {
    const registry = createConnectors({});
    expect(Object.keys(registry).sort()).toEqual([...INTEGRATION_SLUGS].sort());
    for (const slug of INTEGRATION_SLUGS) expect(registry[slug].slug).toBe(slug);
    expect(INTEGRATION_SLUGS.filter((s) => registry[s].live).sort()).toEqual([
      "amazonads",
      "bingads",
      "cake",
      "csv",
      "facebookads",
      "googleads",
      "googledv360",
      "linkedinads",
      "pinterestads",
      "redditads",
      "tiktokads",
      "twitterads",
    ]);
    expect(() => connectorFor(registry, "myspace")).toThrow(/unknown integration/);
  });

  it("loads each written connector at its platform's first use: the same definitions as CONNECTORS, building the connector createConnectors builds", async () => {
    expect(Object.keys(CONNECTOR_LOADERS).sort()).toEqual(CONNECTORS.map((c) => c.slug).sort());
    for (const definition of CONNECTORS)
      expect(await CONNECTOR_LOADERS[definition.slug]?.()).toBe(definition);

    const config = sandboxConnectorConfig("http://127.0.0.1:1");
    const built = createConnectors(config);
    const request = { state: "s", redirectUri: "https://app.pacer.test/r" };
    for (const slug of INTEGRATION_SLUGS) {
      const loaded = await loadConnector(config, slug);
      const { slug: s, displayName, live, capabilities, writeScopes } = built[slug];
      expect(loaded, slug).toMatchObject({ slug: s, displayName, live, capabilities });
      expect(loaded.writeScopes, slug).toEqual(writeScopes);
      expect(Object.keys(loaded).sort(), slug).toEqual(Object.keys(built[slug]).sort());
      expect(loaded.filterDefinitions(), slug).toEqual(built[slug].filterDefinitions());
      // The consent page URL without its per-call PKCE challenge, or the error where there is none.
      const consent = (c: typeof loaded) => {
        try {
          const url = new URL(c.authorizeUrl(request).url);
          url.searchParams.delete("code_challenge");
          return url.toString();
        } catch (error) {
          return String(error);
        }
      };
      expect(consent(loaded), slug).toEqual(consent(built[slug]));
    }
    await expect(loadConnector(config, "myspace")).rejects.toThrow(/unknown integration/);
  });

  it("lists each built connector's descriptor, the same facts in the same order, without its code", () => {
    expect(DESCRIPTORS.map((d) => d.slug)).toEqual(CONNECTORS.map((c) => c.slug));
    for (const [i, connector] of CONNECTORS.entries()) {
      const { create: _create, ...facts } = connector;
      expect(DESCRIPTORS[i], connector.slug).toEqual(facts);
    }
  });

  it("names the scopes campaign writes need beyond the consent's: Pinterest ads:write, Reddit adsedit, never asked at connection", () => {
    const registry = createConnectors(sandboxConnectorConfig("http://127.0.0.1:1"));
    const asked = (slug: "pinterestads" | "redditads") => {
      const url = new URL(
        registry[slug].authorizeUrl({ state: "s", redirectUri: "https://app.pacer.test/r" }).url,
      );
      return (url.searchParams.get("scope") ?? "").split(/[ ,]/);
    };

    // The connector's `writeScopes`, as AutoPilot and the connect flow read it.
    expect(registry.pinterestads.writeScopes).toEqual(["ads:write"]);
    expect(registry.redditads.writeScopes).toEqual(["adsedit"]);
    expect(asked("pinterestads")).not.toContain("ads:write");
    expect(asked("redditads")).not.toContain("adsedit");
    expect(registry.tiktokads.writeScopes).toEqual([]);
  });

  it("knows which platforms give a budget: those whose connector reads campaign budgets", () => {
    const registry = createConnectors({});
    for (const slug of INTEGRATION_SLUGS) {
      expect(platformGivesBudget(slug), slug).toBe(typeof registry[slug].fetchBudget === "function");
    }
    for (const slug of ["googleads", "facebookads", "bingads", "googledv360"])
      expect(platformGivesBudget(slug), slug).toBe(true);
    for (const slug of ["cake", "csv", "snapchatads", "myspace"])
      expect(platformGivesBudget(slug), slug).toBe(false);
  });

  it("answers NotConfiguredError without credentials and NotSupportedError for platforms not live", async () => {
    const registry = createConnectors({});
    expect(() => registry.googleads.authorizeUrl({ state: "s", redirectUri: "https://x.test/r" })).toThrow(
      NotConfiguredError,
    );
    await expect(registry.snapchatads.listAdAccounts({ accessToken: "t" })).rejects.toBeInstanceOf(
      NotSupportedError,
    );
  });

  it("reads real credentials from env, or points everything at the sandbox", () => {
    const real = connectorConfigFromEnv({
      GOOGLE_ADS_CLIENT_ID: "id",
      GOOGLE_ADS_CLIENT_SECRET: "secret",
      GOOGLE_ADS_DEVELOPER_TOKEN: "dev",
      META_APP_ID: "app",
    });
    expect(real.googleads).toMatchObject({
      apiBaseUrl: "https://googleads.googleapis.com",
      developerToken: "dev",
    });
    expect(real.facebookads).toBeUndefined();
    expect(() => connectorConfigFromEnv({ GOOGLE_ADS_LOGIN_CUSTOMER_ID: "123-456" })).toThrow(
      /GOOGLE_ADS_LOGIN_CUSTOMER_ID/,
    );
    // The local runtime's variable is not this reader's business (the runtime installs its own config).
    expect(connectorConfigFromEnv({ PACER_SANDBOX_URL: "http://127.0.0.1:4010" })).toEqual({});
    const sandbox = sandboxConnectorConfig("http://127.0.0.1:4010");
    expect(sandbox.facebookads?.graphBaseUrl).toBe("http://127.0.0.1:4010/facebookads/graph");
  });

  it("refreshes only tokens that expire within five minutes and can be refreshed", async () => {
    const registry = createConnectors({});
    const google = {
      ...registry.googleads,
      refreshAccessToken: async () => ({ accessToken: "new", refreshToken: "r", expiresAt: 10_000_000 }),
    };
    const now = 1_000_000;
    const fresh = { accessToken: "a", refreshToken: "r", expiresAt: now + 10 * 60_000 };
    expect(await ensureFreshTokens(google, fresh, now)).toEqual({ tokens: fresh, changed: false });
    const expiring = { ...fresh, expiresAt: now + 60_000 };
    expect(await ensureFreshTokens(google, expiring, now)).toMatchObject({
      changed: true,
      tokens: { accessToken: "new" },
    });
    expect((await ensureFreshTokens(registry.facebookads, expiring, now)).changed).toBe(false);
  });
});
