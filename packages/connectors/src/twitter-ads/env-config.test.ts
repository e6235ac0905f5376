import { describe, expect, it } from "vitest";
import { AMAZON_ADS_REPORTING_VERSION } from "../amazon-ads/descriptor.ts";
import { connectorConfigFromEnv } from "../config.ts";
import { NotConfiguredError } from "../errors.ts";
import { REDDIT_ADS_API_VERSION, REDDIT_ADS_DEFAULT_USER_AGENT } from "../reddit-ads/descriptor.ts";
import { createConnectors } from "../registry.ts";
import { CAKE_SANDBOX_DOMAIN, sandboxConnectorConfig } from "../sandbox-config.ts";
import { X_ADS_API_VERSION } from "./descriptor.ts";
import { isOAuth1Connector } from "./twitter-ads-connector.ts";

describe("configuration of X, Reddit, Amazon Ads, DV360 and Cake", () => {
  it("reads each platform's credentials from the environment, with real endpoints and pinned versions", () => {
    const config = connectorConfigFromEnv({
      X_ADS_CONSUMER_KEY: "xk",
      X_ADS_CONSUMER_SECRET: "xs",
      REDDIT_ADS_CLIENT_ID: "rc",
      REDDIT_ADS_CLIENT_SECRET: "rs",
      AMAZON_ADS_CLIENT_ID: "ac",
      AMAZON_ADS_CLIENT_SECRET: "as",
      GOOGLE_DV360_CLIENT_ID: "dc",
      GOOGLE_DV360_CLIENT_SECRET: "ds",
    });
    expect(config.twitterads).toMatchObject({
      adsApiBaseUrl: "https://ads-api.x.com",
      apiVersion: X_ADS_API_VERSION,
    });
    expect(config.redditads).toMatchObject({
      apiBaseUrl: "https://ads-api.reddit.com/api",
      apiVersion: REDDIT_ADS_API_VERSION,
      userAgent: REDDIT_ADS_DEFAULT_USER_AGENT,
    });
    expect(config.amazonads?.regions.map((r) => r.apiBaseUrl)).toEqual([
      "https://advertising-api.amazon.com",
      "https://advertising-api-eu.amazon.com",
      "https://advertising-api-fe.amazon.com",
    ]);
    expect(config.amazonads?.reportingVersion).toBe(AMAZON_ADS_REPORTING_VERSION);
    expect(config.googledv360).toMatchObject({
      displayVideoBaseUrl: "https://displayvideo.googleapis.com",
      bidManagerBaseUrl: "https://doubleclickbidmanager.googleapis.com",
    });
    // Cake needs no deployment credentials, and a deployment never gets the sandbox mapping.
    expect(config.cake).toBeUndefined();
    expect(connectorConfigFromEnv({ REDDIT_ADS_CLIENT_ID: "rc" }).redditads).toBeUndefined();
    expect(
      connectorConfigFromEnv({
        REDDIT_ADS_CLIENT_ID: "rc",
        REDDIT_ADS_CLIENT_SECRET: "rs",
        REDDIT_ADS_USER_AGENT: "web:acme:2",
      }).redditads?.userAgent,
    ).toBe("web:acme:2");
  });

  it("maps the reserved Cake demo domain to the sandbox only in local mode", () => {
    const local = sandboxConnectorConfig("http://127.0.0.1:4010/");
    expect(local.cake).toEqual({
      reservedDomain: { domain: CAKE_SANDBOX_DOMAIN, baseUrl: "http://127.0.0.1:4010/cake" },
    });
    expect(CAKE_SANDBOX_DOMAIN.endsWith(".test")).toBe(true);
    expect(local.twitterads?.oauthBaseUrl).toBe("http://127.0.0.1:4010/twitterads/api");
    expect(local.amazonads?.regions[1]?.apiBaseUrl).toBe(
      "http://127.0.0.1:4010/amazonads/advertising-api-eu",
    );
  });

  it("registers the five connectors as live; unconfigured OAuth ones answer NotConfiguredError", async () => {
    const registry = createConnectors({});
    for (const slug of ["twitterads", "redditads", "amazonads", "googledv360", "cake"] as const) {
      expect(registry[slug].live).toBe(true);
    }
    expect(isOAuth1Connector(registry.twitterads)).toBe(true);
    expect(isOAuth1Connector(registry.googleads)).toBe(false);
    if (!isOAuth1Connector(registry.twitterads)) return;
    await expect(
      registry.twitterads.requestToken({ state: "s", redirectUri: "https://app.pacer.test/r" }),
    ).rejects.toBeInstanceOf(NotConfiguredError);
    expect(() =>
      registry.redditads.authorizeUrl({ state: "s", redirectUri: "https://app.pacer.test/r" }),
    ).toThrow(NotConfiguredError);
    expect(() =>
      registry.googledv360.authorizeUrl({ state: "s", redirectUri: "https://app.pacer.test/r" }),
    ).toThrow(NotConfiguredError);
    await expect(registry.amazonads.listAdAccounts({ accessToken: "t" })).rejects.toBeInstanceOf(
      NotConfiguredError,
    );
    await expect(registry.cake.listAdAccounts({ apiKey: "k", domain: "127.0.0.1" })).rejects.toMatchObject({
      code: "blocked_host",
    });
  });
});
