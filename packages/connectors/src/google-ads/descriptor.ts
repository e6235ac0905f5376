import * as z from "zod";
import type { ConnectorDescriptor } from "../descriptor.ts";

/** Google Ads API version every Google Ads call uses (Google sunsets a version about a year after release). */
export const GOOGLE_ADS_API_VERSION = "v23";

/**
 * Google Ads: OAuth client, developer token and endpoints.
 * Real endpoints: authorize `https://accounts.google.com/o/oauth2/v2/auth`, token
 * `https://oauth2.googleapis.com/token`, revoke `https://oauth2.googleapis.com/revoke`, API
 * `https://googleads.googleapis.com`.
 */
export interface GoogleAdsConfig {
  clientId: string;
  clientSecret: string;
  /** Sent as the `developer-token` header on every API call. */
  developerToken: string;
  /** Manager account (digits only) sent as `login-customer-id` when a view does not carry one. */
  loginCustomerId?: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /** Without version, e.g. `https://googleads.googleapis.com`. */
  apiBaseUrl: string;
  apiVersion: string;
}

/** Real Google Ads endpoints, credentials left to the caller. */
export function googleAdsEndpoints(): Omit<GoogleAdsConfig, "clientId" | "clientSecret" | "developerToken"> {
  return {
    authorizeUrl: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl: "https://oauth2.googleapis.com/token",
    revokeUrl: "https://oauth2.googleapis.com/revoke",
    apiBaseUrl: "https://googleads.googleapis.com",
    apiVersion: GOOGLE_ADS_API_VERSION,
  };
}

/** Google Ads (REST searchStream + GAQL): OAuth 2.0 with PKCE, refresh tokens not rotated. */
export const googleAdsDescriptor: ConnectorDescriptor = {
  slug: "googleads",
  capabilities: {
    pkce: true,
    refresh: "refresh_token",
    rotatesRefreshToken: false,
    revoke: true,
  },
  reports: "synchronous",
  config: {
    endpoints: googleAdsEndpoints,
    credentials: {
      clientId: "GOOGLE_ADS_CLIENT_ID",
      clientSecret: "GOOGLE_ADS_CLIENT_SECRET",
      developerToken: "GOOGLE_ADS_DEVELOPER_TOKEN",
    },
    optional: { loginCustomerId: "GOOGLE_ADS_LOGIN_CUSTOMER_ID" },
    rules: { GOOGLE_ADS_LOGIN_CUSTOMER_ID: z.string().regex(/^\d{10}$/, "ten digits, no dashes") },
  },
};
