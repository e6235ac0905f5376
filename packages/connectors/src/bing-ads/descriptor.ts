import type { ConnectorDescriptor } from "../descriptor.ts";

/** Microsoft Advertising API version (REST reporting, Customer and Campaign Management; SOAP retires in 2027). */
export const MICROSOFT_ADS_API_VERSION = "v13";

/**
 * Microsoft Advertising (Bing Ads): Microsoft identity platform client, developer token and the three
 * API services. Real endpoints: authorize `https://login.microsoftonline.com/common/oauth2/v2.0/authorize`,
 * token `https://login.microsoftonline.com/common/oauth2/v2.0/token`, Customer Management
 * `https://clientcenter.api.bingads.microsoft.com/CustomerManagement`, Campaign Management
 * `https://campaign.api.bingads.microsoft.com/CampaignManagement`, Reporting
 * `https://reporting.api.bingads.microsoft.com/Reporting`.
 */
export interface MicrosoftAdsConfig {
  clientId: string;
  clientSecret: string;
  /** Sent as the `DeveloperToken` header on every API call. */
  developerToken: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** Service roots without version, e.g. `https://clientcenter.api.bingads.microsoft.com/CustomerManagement`. */
  customerManagementUrl: string;
  campaignManagementUrl: string;
  reportingUrl: string;
  apiVersion: string;
}

/** Real Microsoft Advertising endpoints, credentials left to the caller. */
export function microsoftAdsEndpoints(): Omit<
  MicrosoftAdsConfig,
  "clientId" | "clientSecret" | "developerToken"
> {
  return {
    authorizeUrl: "https://login.microsoftonline.com/common/oauth2/v2.0/authorize",
    tokenUrl: "https://login.microsoftonline.com/common/oauth2/v2.0/token",
    customerManagementUrl: "https://clientcenter.api.bingads.microsoft.com/CustomerManagement",
    campaignManagementUrl: "https://campaign.api.bingads.microsoft.com/CampaignManagement",
    reportingUrl: "https://reporting.api.bingads.microsoft.com/Reporting",
    apiVersion: MICROSOFT_ADS_API_VERSION,
  };
}

/**
 * Microsoft Advertising (REST reporting: submit, poll, zipped CSV): OAuth 2.0 with PKCE, rotated
 * refresh tokens, no revocation call; its account listing takes two calls (`getUser`, then
 * `getAccounts`, the catalogue's two-step listing).
 */
export const bingAdsDescriptor: ConnectorDescriptor = {
  slug: "bingads",
  capabilities: {
    pkce: true,
    refresh: "refresh_token",
    rotatesRefreshToken: true,
    revoke: false,
  },
  reports: "asynchronous",
  config: {
    endpoints: microsoftAdsEndpoints,
    credentials: {
      clientId: "MICROSOFT_ADS_CLIENT_ID",
      clientSecret: "MICROSOFT_ADS_CLIENT_SECRET",
      developerToken: "MICROSOFT_ADS_DEVELOPER_TOKEN",
    },
  },
};
