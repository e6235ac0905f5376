import type { ServerResponse } from "node:http";
import type { CampaignSchedules } from "../data/campaign-schedules.ts";
import type { CampaignWrites } from "../data/campaign-writes.ts";
import type { DemoAccount } from "../data/demo-accounts.ts";
import type { SourceData } from "../data/source-rows.ts";
import type { Route } from "../http-kit.ts";
import type { IdTokenSigner } from "../id-token-signer.ts";
import type { OAuthServer } from "../oauth-server.ts";

/** What every platform module gets from the sandbox. */
export interface SandboxContext {
  /** The sandbox's base URL (`http://127.0.0.1:<port>`), known once listening. */
  baseUrl(): string;
  /** The real daily rows. */
  source: SourceData;
  /** The sandbox clock ("today" in each account's time zone comes from it). */
  now(): Date;
  /** RS256 signer shared by the Google identity issuer and Google's OAuth (ID tokens). */
  signer: IdTokenSigner;
  /** Demo accounts of this platform. */
  accounts: DemoAccount[];
  /** Campaign status and budget writes (shared by every platform; the replay obeys them). */
  writes: CampaignWrites;
  /** Campaign end dates set at run time (Google Ads `serving_status`). */
  schedules: CampaignSchedules;
}

/**
 * One sandbox platform: its OAuth flavour, its routes (paths below `/<prefix>`), and how it
 * answers injected faults in its own error shape. Adding a platform = one file exporting a
 * {@link PlatformFactory} plus one line in `platforms/index.ts`.
 */
export interface PlatformModule {
  /** URL prefix and controls key: the integration slug (`googleads`), or `google-identity`. */
  prefix: string;
  /** The platform's authorization server, if it speaks OAuth 2.0. */
  oauth?: OAuthServer;
  routes: Route[];
  /** Answer for an API call whose token is invalid (the platform's own shape). */
  authFailure(res: ServerResponse): void;
  /** Answer for an injected 500. */
  serverError(res: ServerResponse): void;
  /** Answer for the limiter or an injected 429 (must set `Retry-After`). */
  rateLimited(res: ServerResponse, retryAfterSeconds: number): void;
}

/** Builds a platform module. */
export type PlatformFactory = (context: SandboxContext) => PlatformModule;
