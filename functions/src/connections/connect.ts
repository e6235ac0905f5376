import {
  type ApiKeyCredentials,
  BlockedHostError,
  type Connector,
  connectorFor,
  createState,
  type ExchangeResult,
  isConnectorError,
  isOAuth1Connector,
  type OAuthTokens,
  returnedState,
  withScopes,
} from "@pacer/connectors";
import { type PlatformEntry, returnFailureText } from "@pacer/core";
import {
  consumeOAuthState,
  createOAuthState,
  getIntegration,
  type Integration,
  putIntegration,
} from "@pacer/db";
import { connectorsOf } from "../lib/connectors.ts";
import { tokenFacts } from "../lib/integration-credentials.ts";
import { integrationView } from "../lib/integration-view.ts";
import { appOrigin } from "../lib/links.ts";
import type { Session } from "../lib/session.ts";
import { sharedPromise } from "../lib/shared-promise.ts";
import { type StoredCredentials, tokenStore } from "../lib/token-store.ts";
import { ConnectionFailure, connectionFailureOf } from "./failures.ts";
import { GENERIC_FAILURE, platformFacts } from "./platforms.ts";
import { sealExchangeMaterial, unsealExchangeMaterial } from "./state-seal.ts";

/**
 * The SSRF guard (with ipaddr.js), imported when a Cake domain is first checked: the group's other
 * calls, and its cold start, do not read it (in the deployed bundle a chunk of its own).
 */
const ssrfGuard = sharedPromise(() => import("@pacer/connectors/ssrf-guard"));

/**
 * The connection flow (spec pods-budgets-alerts-users-connections.md 2.12, 2.13, 4, 5, 7.6):
 * 1. `startConnection`: a random `state` (X: the request token) bound to the caller's session by a
 *    stored attempt (state hashed, PKCE verifier sealed, 15 minutes, single use) and the consent URL
 *    with the redirect URI `APP_ORIGIN` + the platform's return page;
 * 2. `completeConnection`: the return page's query must carry a state of an attempt the same user
 *    started in the same account for the same platform (else refused), then the spec section 5 rule
 *    of the platform, then the code exchange; the tokens go to the token store and the integration
 *    (slug + e-mail) is put, replacing one with the same slug and e-mail.
 * 3. `connectCake`: the API key and the user-given domain, checked through the SSRF guard.
 */

/** `{redirectUrl, url}`: the consent page for the 600x550 popup (both fields, as the spec allows either). */
export interface AuthorizeAnswer {
  redirectUrl: string;
  url: string;
}

/** The connector of a platform, whether live or not (its return rule is known either way). */
async function connectorOf(facts: PlatformEntry): Promise<Connector> {
  const { registry } = await connectorsOf([facts.slug]);
  return connectorFor(registry, facts.slug);
}

async function liveConnector(facts: PlatformEntry, text: string): Promise<Connector> {
  const connector = await connectorOf(facts);
  if (!connector.live) {
    throw new ConnectionFailure("SERVICE_UNAVAILABLE", text, "not_live");
  }
  return connector;
}

/** The redirect URI of a platform: `APP_ORIGIN` + its SPA return page. */
export function redirectUriOf(slug: string): string {
  return `${appOrigin()}${platformFacts(slug).returnPage ?? ""}`;
}

/** What a failed authenticate call says: the platform's own text (Reddit, spec 8), else the generic one. */
const authenticateFailureText = (facts: PlatformEntry) => facts.authenticateFailureText ?? GENERIC_FAILURE;

/**
 * Step 1: the consent URL, with a state bound to the caller's session. With `writeScopes` (AutoPilot
 * needs to change campaigns) the URL also asks the connector's `writeScopes` (none on platforms
 * whose read scopes cover writes) and the attempt remembers it, so the return records the write
 * consent on platforms that do not report granted scopes.
 */
export async function startConnection(
  session: Session,
  facts: PlatformEntry,
  now: Date,
  options: { writeScopes?: boolean } = {},
): Promise<AuthorizeAnswer> {
  const slug = facts.slug;
  const connector = await liveConnector(facts, authenticateFailureText(facts));
  const redirectUri = redirectUriOf(slug);
  let state: string;
  let url: string;
  let sealed: string | undefined;
  try {
    if (isOAuth1Connector(connector)) {
      const started = await connector.requestToken({ state: "", redirectUri });
      state = started.requestToken;
      url = started.url;
      sealed = await sealExchangeMaterial(state, slug, { requestTokenSecret: started.requestTokenSecret });
    } else {
      state = createState();
      const authorize = connector.authorizeUrl({ state, redirectUri });
      url = options.writeScopes ? withScopes(authorize.url, connector.writeScopes ?? []) : authorize.url;
      if (authorize.codeVerifier) {
        sealed = await sealExchangeMaterial(state, slug, { codeVerifier: authorize.codeVerifier });
      }
    }
  } catch (error) {
    throw connectionFailureOf(error, authenticateFailureText(facts), "authorize");
  }
  await createOAuthState(
    state,
    {
      accountId: session.accountId,
      userId: session.userId,
      slug,
      redirectUri,
      ...(sealed ? { sealed } : {}),
      ...(options.writeScopes ? { writeScopes: true } : {}),
    },
    now,
  );
  return { redirectUrl: url, url };
}

/** The login that names a connection (the integration's `email`): e-mail, else name, else platform id. */
function loginOf(identity: ExchangeResult["identity"], facts: PlatformEntry): string {
  const login = identity.email ?? identity.name ?? identity.id;
  return (login ?? facts.slug).trim().slice(0, 254);
}

/** What a connection records of its scopes (see the Integration's `grantedScopes`, `writeConsentAt`). */
type ScopeFacts = Pick<Integration, "grantedScopes" | "writeConsentAt">;

/**
 * The scopes a new connection records: those the token answer reports granted; where the platform
 * reports none, that the write consent was given when the consent URL asked the write scopes (or
 * the same login had given it before: the platform keeps a granted permission across logins).
 */
function scopeFacts(
  tokens: OAuthTokens,
  askedWriteScopes: boolean,
  previous: Integration | undefined,
  now: Date,
): ScopeFacts {
  const granted = (tokens.scope ?? "").split(/[\s,]+/).filter(Boolean);
  if (granted.length > 0) return { grantedScopes: granted };
  const consent = askedWriteScopes ? now.toISOString() : previous?.writeConsentAt;
  return consent ? { writeConsentAt: consent } : {};
}

async function saveConnection(
  session: Session,
  connector: Connector,
  facts: PlatformEntry,
  email: string,
  credentials: StoredCredentials,
  metaData: Record<string, string>,
  now: Date,
  scopes: ScopeFacts = {},
): Promise<Integration> {
  const ref = { accountId: session.accountId, slug: facts.slug, email };
  const secretRef = await tokenStore().put(ref, credentials);
  const health = tokenFacts(credentials);
  return putIntegration({
    ...ref,
    name: connector.displayName,
    type: connector.capabilities.auth,
    ...(facts.category ? { category: facts.category } : {}),
    metaData,
    secretRef,
    hasRefreshToken: health.hasRefreshToken,
    ...(health.accessTokenExpiresAt ? { accessTokenExpiresAt: health.accessTokenExpiresAt } : {}),
    ...scopes,
    connectedAt: now.toISOString(),
  });
}

/**
 * Step 2: accepts the return page's query for the caller's own attempt, exchanges the code and
 * stores the connection. Returns the integration view (never tokens).
 * @throws ConnectionFailure with the platform's failure text (400 refused, 429, 502, 503)
 */
export async function completeConnection(
  session: Session,
  facts: PlatformEntry,
  query: Record<string, string>,
  now: Date,
) {
  const slug = facts.slug;
  const failureText = returnFailureText(facts);
  const known = await connectorOf(facts);
  // An OAuth 1.0a platform echoes its request token as `oauth_token`, the others `state`.
  const state = returnedState(query, known.capabilities.auth) ?? "";
  const attempt = await consumeOAuthState(
    state,
    { accountId: session.accountId, userId: session.userId, slug },
    now,
  );
  if (!attempt) throw new ConnectionFailure("BAD_REQUEST", failureText, "state_mismatch");

  // The platform's spec section 5 rule (pure, known for every platform, live or not).
  const accepted = known.acceptReturn(query);
  if (!accepted.ok) {
    const text =
      accepted.personalAccount && facts.personalAccountFailureText
        ? facts.personalAccountFailureText
        : failureText;
    throw new ConnectionFailure("BAD_REQUEST", text, accepted.reason);
  }
  const connector = await liveConnector(facts, failureText);

  const material = attempt.sealed ? await unsealExchangeMaterial(state, slug, attempt.sealed) : {};
  let exchanged: ExchangeResult;
  try {
    exchanged = await connector.exchangeCode({
      code: accepted.code,
      redirectUri: attempt.redirectUri,
      ...(material.codeVerifier ? { codeVerifier: material.codeVerifier } : {}),
      ...(accepted.oauthVerifier ? { oauthVerifier: accepted.oauthVerifier } : {}),
      ...(material.requestTokenSecret ? { requestTokenSecret: material.requestTokenSecret } : {}),
    });
  } catch (error) {
    throw connectionFailureOf(error, failureText, "exchange");
  }
  const { tokens, identity } = exchanged;
  const metaData: Record<string, string> = {};
  if (identity.id) metaData.userId = identity.id;
  if (identity.name) metaData.userName = identity.name;
  const email = loginOf(identity, facts);
  const previous = await getIntegration(session.accountId, slug, email);
  const integration = await saveConnection(
    session,
    connector,
    facts,
    email,
    tokens satisfies OAuthTokens,
    metaData,
    now,
    scopeFacts(tokens, attempt.writeScopes === true, previous, now),
  );
  return { integration: integrationView(integration, now), displayName: connector.displayName };
}

/** Cake's texts (the spec gives none beyond the modal's; these say what to fix). */
export const CAKE_TEXTS = {
  blockedDomain:
    "This Cake domain cannot be used: enter the public address of your Cake instance, e.g. yourcompany.cakemarketing.com",
  refused: "Cake did not accept this API key and domain, please check them and try again",
  failed:
    "Something went wrong with this request, please try again and if the problem persists contact support.",
} as const;

/**
 * `POST /api/cake/response`: checks the domain (https host, public addresses only: the SSRF guard's
 * rules, before any request), then lists the instance's advertisers with the key through the
 * guarded Cake connector; only then stores the key (token store) and the integration, named by the
 * domain. Nothing is stored on any failure.
 * @throws ConnectionFailure 400 for a refused domain or key; 429/502/503 as the platform answers
 */
export async function connectCake(
  session: Session,
  facts: PlatformEntry,
  input: { apiKey: string; domain: string },
  now: Date,
) {
  const [{ config }, { normaliseUserDomain, resolvePublicAddress }] = await Promise.all([
    connectorsOf([]),
    ssrfGuard(),
  ]);
  let domain: string;
  try {
    domain = normaliseUserDomain(input.domain);
    if (domain !== config.cake?.reservedDomain?.domain) await resolvePublicAddress(domain);
  } catch (error) {
    if (error instanceof BlockedHostError) {
      throw new ConnectionFailure("BAD_REQUEST", CAKE_TEXTS.blockedDomain, `blocked_host:${error.reason}`);
    }
    throw error;
  }
  const connector = await liveConnector(facts, CAKE_TEXTS.failed);
  const credentials: ApiKeyCredentials = { apiKey: input.apiKey, domain };
  try {
    await connector.listAdAccounts(credentials);
  } catch (error) {
    if (error instanceof BlockedHostError) {
      throw new ConnectionFailure("BAD_REQUEST", CAKE_TEXTS.blockedDomain, `blocked_host:${error.reason}`);
    }
    if (isConnectorError(error) && (error.code === "auth_failed" || error.code === "bad_request")) {
      throw new ConnectionFailure("BAD_REQUEST", CAKE_TEXTS.refused, `verify:${error.code}`);
    }
    throw connectionFailureOf(error, CAKE_TEXTS.failed, "verify");
  }
  const integration = await saveConnection(session, connector, facts, domain, credentials, { domain }, now);
  return { integration: integrationView(integration, now), displayName: connector.displayName };
}
