import { describe, expect, it } from "vitest";
import type { IntegrationTokensInput } from "./integration-health.ts";
import {
  INTEGRATION_WARNING_TEXTS,
  integrationHealth,
  integrationWarnings,
  REFRESH_TOKEN_SLUGS,
} from "./integration-health.ts";

const NOW = new Date("2024-03-15T12:00:00Z");
const DAY = 86_400_000;
const texts = INTEGRATION_WARNING_TEXTS;

describe("integrationHealth (overview-access-account.md sections 4, 8, 9)", () => {
  it.each<[string, IntegrationTokensInput, string, string | null]>([
    [
      "Google Ads without a refresh token is danger",
      { slug: "googleads", tokens: { access_token: "x" } },
      "danger",
      texts.missingRefreshToken,
    ],
    [
      "Microsoft Ads with an empty refresh token is danger",
      { slug: "bingads", tokens: { refresh_token: "" } },
      "danger",
      texts.missingRefreshToken,
    ],
    [
      "LinkedIn with no tokens at all is danger",
      { slug: "linkedinads" },
      "danger",
      texts.missingRefreshToken,
    ],
    [
      "Google Ads with a refresh token is ok, whatever its access-token expiry",
      { slug: "googleads", tokens: { refresh_token: "r", expiry_date: NOW.getTime() - DAY } },
      "ok",
      null,
    ],
    [
      "Facebook with an expired access token is danger",
      { slug: "facebookads", tokens: { expiry_date: NOW.getTime() - 1 } },
      "danger",
      texts.expired,
    ],
    [
      "Facebook expiring exactly now is danger",
      { slug: "facebookads", tokens: { expiry_date: NOW.getTime() } },
      "danger",
      texts.expired,
    ],
    [
      "Facebook expiring in 3 days is warning",
      { slug: "facebookads", tokens: { expiry_date: NOW.getTime() + 3 * DAY } },
      "warning",
      texts.expiringSoon,
    ],
    [
      "Facebook expiring in exactly 5 days is warning",
      { slug: "facebookads", tokens: { expiry_date: NOW.getTime() + 5 * DAY } },
      "warning",
      texts.expiringSoon,
    ],
    [
      "Facebook expiring in 5 days and a second is ok",
      { slug: "facebookads", tokens: { expiry_date: NOW.getTime() + 5 * DAY + 1000 } },
      "ok",
      null,
    ],
    [
      "an ISO expiry string is read",
      { slug: "facebookads", tokens: { expiry_date: "2024-03-16T00:00:00Z" } },
      "warning",
      texts.expiringSoon,
    ],
    [
      "Facebook without an expiry date is ok",
      { slug: "facebookads", tokens: { access_token: "x" } },
      "ok",
      null,
    ],
    [
      "Twitter is ok without refresh token or expiry",
      { slug: "twitterads", tokens: { access_token: "x" } },
      "ok",
      null,
    ],
  ])("%s", (_rule, integration, status, message) => {
    expect(integrationHealth(integration, NOW)).toEqual({ status, message });
  });

  it("has the spec's texts and refresh-token list", () => {
    expect(texts).toEqual({
      missingRefreshToken: "Missing Refresh Token, please remove and re-add this connection",
      expired: "Access Token has expired or is close to expiring, please refresh this connection",
      expiringSoon: "Access Token is about to expire, please refresh this connection",
    });
    expect(REFRESH_TOKEN_SLUGS).toEqual([
      "googleads",
      "googledv360",
      "bingads",
      "linkedinads",
      "snapchatads",
    ]);
  });

  it("lists the connections that are not ok, for the sidebar badge", () => {
    const warnings = integrationWarnings(
      [
        { slug: "googleads", email: "a@x.com", tokens: { refresh_token: "r" } },
        { slug: "googledv360", email: "b@x.com", tokens: {} },
        { slug: "facebookads", email: "c@x.com", tokens: { expiry_date: NOW.getTime() + DAY } },
      ],
      NOW.getTime(),
    );
    expect(warnings).toEqual([
      { slug: "googledv360", email: "b@x.com", status: "danger", message: texts.missingRefreshToken },
      { slug: "facebookads", email: "c@x.com", status: "warning", message: texts.expiringSoon },
    ]);
  });
});
