import type { ReportPollConfig } from "../config.ts";
import type { ConnectorDescriptor } from "../descriptor.ts";

/**
 * Display & Video 360 API version (partners, advertisers, campaigns); v1 to v3 are sunset. The
 * connector calls it through googleapis' `displayvideo/v4` module, whose paths carry the version.
 */
export const DV360_API_VERSION = "v4";
/**
 * Bid Manager API version (DV360 reporting: queries and reports); v1 and v1.1 are sunset. Called
 * through googleapis' `doubleclickbidmanager/v2` module.
 */
export const BID_MANAGER_API_VERSION = "v2";

/**
 * Google Display & Video 360: Google OAuth client, the DV360 API (advertisers, campaigns) and Bid
 * Manager (reports). Real endpoints: authorize `https://accounts.google.com/o/oauth2/v2/auth`,
 * token `https://oauth2.googleapis.com/token`, revoke `https://oauth2.googleapis.com/revoke`, APIs
 * `https://displayvideo.googleapis.com` and `https://doubleclickbidmanager.googleapis.com`.
 */
export interface GoogleDv360Config {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /** The official client's root URL, without version, e.g. `https://displayvideo.googleapis.com`. */
  displayVideoBaseUrl: string;
  /** The official client's root URL, without version, e.g. `https://doubleclickbidmanager.googleapis.com`. */
  bidManagerBaseUrl: string;
  reportPoll?: ReportPollConfig;
}

/** Real DV360 and Bid Manager endpoints, credentials left to the caller. */
export function googleDv360Endpoints(): Omit<GoogleDv360Config, "clientId" | "clientSecret"> {
  return {
    authorizeUrl: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl: "https://oauth2.googleapis.com/token",
    revokeUrl: "https://oauth2.googleapis.com/revoke",
    displayVideoBaseUrl: "https://displayvideo.googleapis.com",
    bidManagerBaseUrl: "https://doubleclickbidmanager.googleapis.com",
  };
}

/** DV360 (DV360 API advertisers, Bid Manager reports, asynchronous): Google OAuth with PKCE. */
export const dv360Descriptor: ConnectorDescriptor = {
  slug: "googledv360",
  capabilities: {
    pkce: true,
    refresh: "refresh_token",
    rotatesRefreshToken: false,
    revoke: true,
  },
  reports: "asynchronous",
  config: {
    endpoints: googleDv360Endpoints,
    credentials: { clientId: "GOOGLE_DV360_CLIENT_ID", clientSecret: "GOOGLE_DV360_CLIENT_SECRET" },
  },
};
