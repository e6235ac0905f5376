import { readFileSync } from "node:fs";
import {
  approveConsent,
  type CampaignSelection,
  type ConsentChoice,
  emptyStats,
  type PlatformStats,
  type SandboxHandle,
  startSandbox,
} from "@pacer/sandbox";
import { demoAccount } from "@pacer/sandbox/data/demo-accounts";
import { budgetOf, demoBudgets } from "@pacer/sandbox/platforms/demo-budgets";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { type ConnectorConfig, connectorConfigFromEnv, type HttpSettings } from "../src/config.ts";
import { AuthError, NotConfiguredError, RateLimitedError } from "../src/errors.ts";
import type { HttpFailure } from "../src/http/classify.ts";
import { acceptReturnForSession, type ReturnAcceptance } from "../src/oauth/return-rules.ts";
import { sandboxConnectorConfig } from "../src/sandbox-config.ts";
import type {
  Connector,
  Credentials,
  DailyMetrics,
  DailyMetricsRow,
  ExchangeResult,
  IntegrationSlug,
  MetricsQuery,
  OAuthTokens,
} from "../src/types.ts";
import { expectedSeries, totalSpend } from "./sandbox-expectations.ts";

/**
 * The test kit of the `*-connector.test.ts` files: every connector is tested the same way, as a
 * chain against the sandbox (authorize -> consent -> accepted return -> exchange -> list -> fetch
 * -> filters -> refresh -> revoke -> faults), so the scaffolding and the checks every platform
 * shares live here and each test file states only its platform's specifics.
 */

/** The sandbox clock of the connector tests: "today" is 2026-03-18 in every account time zone. */
export const TEST_NOW = new Date("2026-03-18T10:00:00Z");

/** How a consent starts: the authorize URL to open and what the session keeps for the return. */
export interface ConsentStart {
  url: string;
  /** What the return page's state must equal (X: the request token). */
  state: string;
  codeVerifier?: string | undefined;
  /** OAuth 1.0a (X) only. */
  requestTokenSecret?: string | undefined;
}

/** A consent played on the sandbox page, and the return-page rule's verdict on where it came back. */
export interface Consent extends ConsentStart {
  accepted: ReturnAcceptance;
  /** The return page URL the consent redirected to. */
  back: URL;
  /** Its query parameters. */
  query: Record<string, string>;
}

/** What a connector test file says about its platform. */
export interface ConnectorTestOptions<C extends Connector> {
  /** Integration slug, which is also the sandbox prefix. */
  platform: IntegrationSlug;
  create: (config: ConnectorConfig) => C;
  /** The product's return page for this platform (OAuth platforms). */
  returnPage?: string;
  /** The clock of the sandbox and the connector, epoch ms; default {@link TEST_NOW}. */
  now?: () => number;
  /** HTTP settings beyond the clock and the recorded sleeps (e.g. a recording `fetch`). */
  http?: Partial<HttpSettings>;
  /** Changes the sandbox config of every connector the test builds (e.g. test hooks of the SSRF guard). */
  configure?: (config: ConnectorConfig) => ConnectorConfig;
  /** How consent starts; default `authorizeUrl` with a fresh random state. */
  start?: (connector: C, redirectUri: string) => Promise<ConsentStart>;
}

/** A connector under test against a sandbox started once for the file (see {@link useConnectorTest}). */
export interface ConnectorTest<C extends Connector> {
  readonly platform: IntegrationSlug;
  readonly returnPage: string;
  /** The sandbox (available from `beforeAll` on). */
  readonly sandbox: SandboxHandle;
  /** The connector on the sandbox config (available from `beforeAll` on). */
  readonly connector: C;
  /** Every sleep the connector asked for since the test began (retry backoff, report polls), ms. */
  readonly sleeps: number[];
  /** Another connector of the platform on the test's sandbox config, after `change` (default: none). */
  makeConnector(change?: (config: ConnectorConfig) => ConnectorConfig): C;
  /** Starts a consent, plays the user on the sandbox page and applies the return-page rule for the session. */
  connect(choice?: ConsentChoice): Promise<Consent>;
  /** Exchanges an accepted consent (with its verifier or request-token secret, when it has one). */
  exchange(consent: Consent): Promise<ExchangeResult>;
  /** A full connection: consent approved, then exchanged. @throws Error when the return is refused */
  connection(): Promise<ExchangeResult & { consent: Consent }>;
  /** The tokens of a full connection. */
  connected(): Promise<OAuthTokens>;
  /** The platform's sandbox counters. */
  stats(): PlatformStats;
  /** Calls so far of one sandbox route of the platform, e.g. `GET /api/rest/adAnalytics`. */
  routeCalls(route: string): number;
  /** The series `fetchDailyMetrics` must return for a demo account (see {@link expectedSeries}). */
  expected(accountId: string, from: string, to: string, selection?: CampaignSelection): DailyMetricsRow[];
}

/**
 * Registers the file's hooks (sandbox started before all tests and closed after them; controls
 * reset and sleeps cleared before each test) and returns the connector under test with the steps
 * of the chain.
 */
export function useConnectorTest<C extends Connector>(options: ConnectorTestOptions<C>): ConnectorTest<C> {
  const { platform, returnPage = "", create, configure = (config) => config } = options;
  const now = options.now ?? (() => TEST_NOW.getTime());
  const sleeps: number[] = [];
  let sandbox: SandboxHandle | undefined;
  let connector: C | undefined;
  const started = () => {
    if (!sandbox || !connector) throw new Error("the sandbox starts in beforeAll");
    return { sandbox, connector };
  };
  const start =
    options.start ??
    (async (c: C, redirectUri: string): Promise<ConsentStart> => {
      const state = `state-${Math.random()}`;
      const { url, codeVerifier } = c.authorizeUrl({ state, redirectUri });
      return { url, state, codeVerifier };
    });

  const test: ConnectorTest<C> = {
    platform,
    returnPage,
    get sandbox() {
      return started().sandbox;
    },
    get connector() {
      return started().connector;
    },
    sleeps,
    makeConnector(change = (config) => config) {
      if (!sandbox) throw new Error("the sandbox starts in beforeAll");
      const config = sandboxConnectorConfig(sandbox.url, {
        now,
        sleep: async (ms) => {
          sleeps.push(ms);
        },
        ...options.http,
      });
      return create(change(configure(config)));
    },
    async connect(choice = {}) {
      const begun = await start(started().connector, returnPage);
      const back = await approveConsent(begun.url, choice);
      const query = Object.fromEntries(back.searchParams);
      return { ...begun, back, query, accepted: acceptReturnForSession(platform, query, begun.state) };
    },
    async exchange({ accepted, codeVerifier, requestTokenSecret }) {
      if (!accepted.ok) throw new Error(accepted.reason);
      return started().connector.exchangeCode({
        code: accepted.code,
        redirectUri: returnPage,
        ...(codeVerifier ? { codeVerifier } : {}),
        ...(accepted.oauthVerifier ? { oauthVerifier: accepted.oauthVerifier } : {}),
        ...(requestTokenSecret ? { requestTokenSecret } : {}),
      });
    },
    async connection() {
      const consent = await test.connect();
      return { ...(await test.exchange(consent)), consent };
    },
    async connected() {
      return (await test.connection()).tokens;
    },
    stats() {
      return started().sandbox.stats()[platform] ?? emptyStats();
    },
    routeCalls(route) {
      return test.stats().byRoute[route] ?? 0;
    },
    expected(accountId, from, to, selection = {}) {
      return expectedSeries(started().sandbox, platform, accountId, from, to, selection);
    },
  };

  beforeAll(async () => {
    sandbox = await startSandbox({ now: () => new Date(now()) });
    connector = test.makeConnector();
  });
  afterAll(() => sandbox?.close());
  beforeEach(() => {
    sandbox?.resetControls();
    sleeps.length = 0;
  });
  return test;
}

/** The three fetches of {@link expectCampaignFilters}. */
export interface FilteredFetches {
  byId: DailyMetrics;
  byName: DailyMetrics;
  all?: DailyMetrics;
}

/**
 * Checks a connector's campaign filters against the replay: a fetch filtered by `campaignIds`
 * equals the replayed rows of those campaigns, one filtered by `nameContains` (sent as written,
 * expected case-insensitively) those of the matching campaigns, and, unless `withTotal` is false,
 * the two campaign sets being disjoint and covering the account, their spends add up to the
 * unfiltered fetch's.
 */
export async function expectCampaignFilters<C extends Connector>(
  test: ConnectorTest<C>,
  credentials: Credentials,
  filter: {
    account: MetricsQuery["account"];
    range: { from: string; to: string };
    campaignIds: string[];
    nameContains: string;
    /** The expected rows of a selection; default the account's replayed series. */
    expected?: (selection: CampaignSelection) => DailyMetricsRow[];
    withTotal?: boolean;
    /** Checks of the platform's own, run right after the fetch by id (e.g. which routes it called). */
    afterById?: (byId: DailyMetrics) => void;
  },
): Promise<FilteredFetches> {
  const { account, range, campaignIds, nameContains } = filter;
  const expected =
    filter.expected ?? ((selection) => test.expected(account.id, range.from, range.to, selection));
  const byId = await test.connector.fetchDailyMetrics(credentials, {
    account,
    ...range,
    filters: { campaignIds },
  });
  filter.afterById?.(byId);
  expect(byId.rows).toEqual(expected({ campaignIds }));
  const byName = await test.connector.fetchDailyMetrics(credentials, {
    account,
    ...range,
    filters: { campaignNameContains: nameContains },
  });
  expect(byName.rows).toEqual(expected({ nameContains: nameContains.toLowerCase() }));
  if (filter.withTotal === false) return { byId, byName };
  const all = await test.connector.fetchDailyMetrics(credentials, { account, ...range });
  expect(totalSpend(byId.rows) + totalSpend(byName.rows)).toBe(totalSpend(all.rows));
  return { byId, byName, all };
}

/** Checks that a refresh (or exchange) was refused for good: AuthError `invalid_grant`, not retried. */
export async function expectRefusedGrant(call: Promise<unknown>): Promise<void> {
  const error = await call.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AuthError);
  expect(error).toMatchObject({ reason: "invalid_grant", retryable: false, attempts: 1 });
}

/**
 * Revokes twice (the second time the token is already dead, which is not an error), then checks
 * that the refresh token no longer works.
 */
export async function expectRevokeEndsTheGrant<C extends Connector>(
  test: ConnectorTest<C>,
  tokens: OAuthTokens,
): Promise<void> {
  await test.connector.revoke(tokens);
  await expect(test.connector.revoke(tokens)).resolves.toBeUndefined();
  await expectRefusedGrant(test.connector.refreshAccessToken(tokens));
}

/**
 * Injects one `invalid_grant` on the platform's token endpoint and checks that `call` (a refresh
 * or an exchange) fails with AuthError `invalid_grant` after exactly one token call.
 */
export async function expectInvalidGrantNotRetried<C extends Connector>(
  test: ConnectorTest<C>,
  call: () => Promise<unknown>,
): Promise<void> {
  test.sandbox.setControls(test.platform, {
    rateLimit: undefined,
    faults: [{ kind: "invalid_grant", times: 1, on: "token" }],
  });
  const before = test.stats().tokenCalls;
  await expect(call()).rejects.toMatchObject({ code: "auth_failed", reason: "invalid_grant" });
  expect(test.stats().tokenCalls - before).toBe(1);
}

/**
 * Checks the shared retry policy on account listing: two injected 500s are retried (two sleeps;
 * with `apiCalls`, that many API calls in all) and the listing still answers `accounts` views;
 * then a platform that rate-limits every call is retried after its `Retry-After` (three sleeps of
 * it) and ends in RateLimitedError, which is returned for the platform's own checks.
 */
export async function expectRetriesThenRateLimit<C extends Connector>(
  test: ConnectorTest<C>,
  tokens: OAuthTokens,
  expected: { accounts: number; retryAfterSeconds: number; apiCalls?: number },
): Promise<unknown> {
  test.sandbox.setControls(test.platform, { faults: [{ kind: "500", times: 2, on: "api" }] });
  const before = test.stats().apiCalls;
  await expect(test.connector.listAdAccounts(tokens)).resolves.toHaveLength(expected.accounts);
  expect(test.sleeps).toHaveLength(2);
  if (expected.apiCalls !== undefined) expect(test.stats().apiCalls - before).toBe(expected.apiCalls);

  test.sleeps.length = 0;
  test.sandbox.setControls(test.platform, {
    faults: [],
    rateLimit: { requests: 0, windowMs: 60_000, retryAfterSeconds: expected.retryAfterSeconds },
  });
  const limited = await test.connector.listAdAccounts(tokens).catch((e: unknown) => e);
  expect(limited).toBeInstanceOf(RateLimitedError);
  const wait = expected.retryAfterSeconds * 1000;
  expect(test.sleeps).toEqual([wait, wait, wait]);
  return limited;
}

/**
 * Checks that `call` maps the platform's errors like every call: a platform that rate-limits every
 * call is retried after its `Retry-After` (three sleeps of it) and ends in RateLimitedError
 * (matching `rateLimited`); then, once `refuse` revoked or expired the tokens, AuthError (matching
 * `refused`), not retryable. The sandbox controls are reset in between.
 */
export async function expectRateLimitThenRefusal<C extends Connector>(
  test: ConnectorTest<C>,
  call: () => Promise<unknown> | undefined,
  expected: {
    retryAfterSeconds: number;
    rateLimited?: Record<string, unknown>;
    refuse: () => unknown;
    refused?: Record<string, unknown>;
  },
): Promise<void> {
  test.sandbox.setControls(test.platform, {
    rateLimit: { requests: 0, windowMs: 60_000, retryAfterSeconds: expected.retryAfterSeconds },
  });
  const limited = await Promise.resolve(call()).catch((e: unknown) => e);
  expect(limited).toBeInstanceOf(RateLimitedError);
  if (expected.rateLimited) expect(limited).toMatchObject(expected.rateLimited);
  const wait = expected.retryAfterSeconds * 1000;
  expect(test.sleeps).toEqual([wait, wait, wait]);
  test.sandbox.resetControls();

  await expected.refuse();
  const refused = await Promise.resolve(call()).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(AuthError);
  expect(refused).toMatchObject({ retryable: false, ...expected.refused });
}

/**
 * The daily budget the sandbox README documents for campaigns of a demo account that share one
 * budget (one campaign: its own), worked out again here from the data file: their average daily
 * spend over its 28 days x the account factor x 110%, rounded to a whole currency unit, in micros.
 */
export function documentedDailyBudget<C extends Connector>(
  test: ConnectorTest<C>,
  accountId: string,
  campaignIds: readonly string[],
): number {
  const account = demoAccount(test.platform, accountId);
  if (!account) throw new Error(`no demo account ${test.platform}/${accountId}`);
  let spendMicros = 0;
  for (const id of campaignIds) {
    const campaign = account.campaigns.find((c) => c.id === id);
    if (!campaign) throw new Error(`no demo campaign ${accountId}/${id}`);
    const days = test.sandbox.source.get(campaign.source.toLowerCase()) ?? [];
    expect(days).toHaveLength(28);
    spendMicros += days.reduce((sum, d) => sum + d.spendMicros, 0);
  }
  return Math.round((spendMicros / 28 / 1e6) * (account.factorPercent / 100) * 1.1) * 1_000_000;
}

/**
 * The daily budget (micros) the sandbox serves for a demo campaign, derived from the data file by
 * `demoBudgets` (sandbox `platforms/demo-budgets.ts`); NaN when the campaign has none.
 */
export function demoDailyBudget<C extends Connector>(
  test: ConnectorTest<C>,
  accountId: string,
  campaignId: string,
): number {
  const account = demoAccount(test.platform, accountId);
  if (!account) throw new Error(`no demo account ${test.platform}/${accountId}`);
  return budgetOf(demoBudgets(test.sandbox.source, account), campaignId)?.amountMicros ?? Number.NaN;
}

/**
 * Checks a platform's environment configuration: `env` gives a block with the real endpoints
 * (`endpoints`), `partial` (some variables missing) gives none, and a connector without its block
 * answers NotConfiguredError.
 */
export function expectEnvConfig<C extends Connector>(config: {
  key: keyof ConnectorConfig;
  env: Record<string, string>;
  partial: Record<string, string>;
  endpoints: Record<string, unknown>;
  create: (config: ConnectorConfig) => C;
  returnPage: string;
}): void {
  expect(connectorConfigFromEnv(config.env)[config.key]).toMatchObject(config.endpoints);
  expect(connectorConfigFromEnv(config.partial)[config.key]).toBeUndefined();
  expect(() => config.create({}).authorizeUrl({ state: "s", redirectUri: config.returnPage })).toThrow(
    NotConfiguredError,
  );
}

/**
 * A change of a connector's test config (for `makeConnector`) under which every request whose URL
 * path contains `pathPart` (a report file host's path in the sandbox) gets `answer()` instead of
 * reaching the sandbox; every other request goes on as before.
 */
export function answeringPath(
  pathPart: string,
  answer: () => Response,
): (config: ConnectorConfig) => ConnectorConfig {
  return (config) => ({
    ...config,
    http: {
      ...config.http,
      fetch: async (input, init) =>
        new URL(input).pathname.includes(pathPart) ? answer() : (config.http?.fetch ?? fetch)(input, init),
    },
  });
}

/** A failed answer of `platform` as an error classifier sees it (JSON body). */
export function httpFailure(
  platform: string,
  status: number,
  body: unknown,
  retryAfterMs?: number,
): HttpFailure {
  return {
    platform,
    where: `${platform} test https://x.test/p`,
    status,
    headers: new Headers(),
    text: JSON.stringify(body),
    body,
    retryAfterMs,
  };
}

/** The text of a fixture file: `name` in the shared `testing/fixtures/`, or in `dir` when given. */
export function fixtureText(name: string, dir: URL = new URL("./fixtures/", import.meta.url)): string {
  return readFileSync(new URL(name, dir), "utf8");
}

/** A JSON fixture (see {@link fixtureText}). */
export function fixtureJson(name: string, dir?: URL): unknown {
  return JSON.parse(fixtureText(name, dir));
}
