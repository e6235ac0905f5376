import type { ConnectorConfig } from "@pacer/connectors";
import type { TokenStore } from "./token-store.ts";

/**
 * The ports where a runtime other than AWS plugs its own pieces into the functions. A deployed
 * function installs nothing, so every port keeps its production default (Secrets Manager tokens,
 * the platforms' real hosts, Google's issuer, billing through Stripe only, every channel URL through
 * the SSRF guard). The local runtime (`packages/local`, `installLocalAdapters`) installs its
 * adapters at start-up, in the same process, before any handler runs; none of their code is
 * imported from here, so none of it reaches a deployed bundle (`infra/test/deployed-bundles.test.ts`).
 *
 * Each port takes the environment the caller reads (`process.env` unless a test gives its own) and
 * answers `undefined` to leave the production default in place.
 */
export interface RuntimeAdapters {
  /** The connectors' configuration in place of the platforms' real credentials and hosts. */
  connectorConfig?(env: Record<string, string | undefined>): ConnectorConfig | undefined;
  /** The store of platform credentials when no Secrets Manager prefix is configured. */
  tokenStore?(env: Record<string, string | undefined>): TokenStore | undefined;
  /**
   * Google sign-in's issuer (its key set and authorize page are under it) and the client id it
   * accepts, when `GOOGLE_ISSUER` is not set.
   */
  googleIssuer?(env: Record<string, string | undefined>): { issuer: string; clientId: string } | undefined;
  /**
   * The URL an alert channel delivery is POSTed to without the SSRF guard, for a channel URL the
   * runtime receives itself (compared by host name only, never chosen by the user's text).
   */
  channelTarget?(url: URL, env: Record<string, string | undefined>): string | undefined;
  /**
   * The Slack app in place of `https://slack.com` and the configured client: the origin that serves
   * `/oauth/v2/authorize` and `/api/oauth.v2.access`, and the client id and secret it accepts.
   */
  slackApp?(env: Record<string, string | undefined>): SlackAppConfig | undefined;
  /**
   * The billing page when no Stripe key is configured (production: 503 "Billing is not
   * configured"): a link the browser opens for the Admin `userId` of `accountId`.
   */
  billingWithoutStripe?(caller: { userId: string; accountId: string }, now: Date): Promise<{ url: string }>;
}

/** Where the Slack app's OAuth install goes and as which client (`functions/src/alerts/slack-install.ts`). */
export interface SlackAppConfig {
  /** `https://slack.com` in production; no trailing slash. */
  origin: string;
  clientId: string;
  clientSecret: string;
}

let installed: RuntimeAdapters = {};

/** Installs adapters (merged over those installed before); called once at the runtime's start-up. */
export function installRuntimeAdapters(adapters: RuntimeAdapters): void {
  installed = { ...installed, ...adapters };
}

/** The installed adapters (none on AWS). */
export function runtimeAdapters(): Readonly<RuntimeAdapters> {
  return installed;
}

/** Removes every adapter (tests of the production defaults). */
export function resetRuntimeAdapters(): void {
  installed = {};
}
