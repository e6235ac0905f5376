import type { ReportPollConfig } from "../config.ts";
import type { ConnectorDescriptor } from "../descriptor.ts";

/** Amazon Ads reporting version, sent in the media type `application/vnd.createasyncreportrequest.v3+json`. */
export const AMAZON_ADS_REPORTING_VERSION = "v3";

/** An Amazon Ads API region and its host. */
export interface AmazonAdsRegion {
  code: "NA" | "EU" | "FE";
  /** e.g. `https://advertising-api.amazon.com`. */
  apiBaseUrl: string;
}

/**
 * Amazon Ads: Login with Amazon client and the regional Advertising API hosts. Real endpoints:
 * authorize `https://www.amazon.com/ap/oa`, token `https://api.amazon.com/auth/o2/token`, user
 * profile `https://api.amazon.com/user/profile`, API NA `https://advertising-api.amazon.com`, EU
 * `https://advertising-api-eu.amazon.com`, FE `https://advertising-api-fe.amazon.com`.
 */
export interface AmazonAdsConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** Login with Amazon user profile (name and email of the connection). */
  profileUrl: string;
  /** Regions whose profiles are listed; a view remembers its region. */
  regions: AmazonAdsRegion[];
  reportingVersion: string;
  reportPoll?: ReportPollConfig;
}

/** Real Amazon Ads endpoints (all three regions), credentials left to the caller. */
export function amazonAdsEndpoints(): Omit<AmazonAdsConfig, "clientId" | "clientSecret"> {
  return {
    authorizeUrl: "https://www.amazon.com/ap/oa",
    tokenUrl: "https://api.amazon.com/auth/o2/token",
    profileUrl: "https://api.amazon.com/user/profile",
    regions: [
      { code: "NA", apiBaseUrl: "https://advertising-api.amazon.com" },
      { code: "EU", apiBaseUrl: "https://advertising-api-eu.amazon.com" },
      { code: "FE", apiBaseUrl: "https://advertising-api-fe.amazon.com" },
    ],
    reportingVersion: AMAZON_ADS_REPORTING_VERSION,
  };
}

/** Amazon Ads (reporting v3, asynchronous): Login with Amazon, no revocation endpoint. */
export const amazonAdsDescriptor: ConnectorDescriptor = {
  slug: "amazonads",
  capabilities: {
    pkce: false,
    refresh: "refresh_token",
    rotatesRefreshToken: false,
    revoke: false,
  },
  reports: "asynchronous",
  config: {
    endpoints: amazonAdsEndpoints,
    credentials: { clientId: "AMAZON_ADS_CLIENT_ID", clientSecret: "AMAZON_ADS_CLIENT_SECRET" },
  },
};
