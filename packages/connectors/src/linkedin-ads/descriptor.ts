import type { ConnectorDescriptor } from "../descriptor.ts";

/** LinkedIn Marketing API version sent as `Linkedin-Version` (monthly versions, each supported at least a year). */
export const LINKEDIN_ADS_API_VERSION = "202603";

/**
 * LinkedIn Marketing API (Rest.li 2.0, versioned). Real endpoints: authorize
 * `https://www.linkedin.com/oauth/v2/authorization`, token `https://www.linkedin.com/oauth/v2/accessToken`,
 * revoke `https://www.linkedin.com/oauth/v2/revoke`, API `https://api.linkedin.com` (`/rest/...`, `/v2/userinfo`).
 */
export interface LinkedInAdsConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /** API host without path, e.g. `https://api.linkedin.com`. */
  apiBaseUrl: string;
  /** `Linkedin-Version` header value (YYYYMM). */
  apiVersion: string;
}

/** Real LinkedIn endpoints, credentials left to the caller. */
export function linkedInAdsEndpoints(): Omit<LinkedInAdsConfig, "clientId" | "clientSecret"> {
  return {
    authorizeUrl: "https://www.linkedin.com/oauth/v2/authorization",
    tokenUrl: "https://www.linkedin.com/oauth/v2/accessToken",
    revokeUrl: "https://www.linkedin.com/oauth/v2/revoke",
    apiBaseUrl: "https://api.linkedin.com",
    apiVersion: LINKEDIN_ADS_API_VERSION,
  };
}

/**
 * The scope campaign writes need on top of the read consent: `rw_ads` (read/write ad accounts and
 * campaigns); the member's role on the ad account must also allow editing (not `VIEWER`).
 * https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads/account-structure/create-and-manage-campaigns (Permissions)
 */
export const LINKEDIN_ADS_WRITE_SCOPES: readonly string[] = ["rw_ads"];

/** LinkedIn (Rest.li adAnalytics, versioned): OAuth 2.0, refresh tokens not rotated. */
export const linkedInAdsDescriptor: ConnectorDescriptor = {
  slug: "linkedinads",
  capabilities: {
    pkce: false,
    refresh: "refresh_token",
    rotatesRefreshToken: false,
    revoke: true,
  },
  reports: "synchronous",
  // adAnalytics days are UTC and the API has no hourly granularity to re-cut them (README).
  dayBasis: "utc",
  writeScopes: LINKEDIN_ADS_WRITE_SCOPES,
  config: {
    endpoints: linkedInAdsEndpoints,
    credentials: { clientId: "LINKEDIN_ADS_CLIENT_ID", clientSecret: "LINKEDIN_ADS_CLIENT_SECRET" },
  },
};
