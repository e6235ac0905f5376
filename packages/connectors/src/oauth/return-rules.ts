import { type PlatformAuth, platformEntry } from "@pacer/core";
import type { IntegrationSlug } from "../types.ts";
import { statesMatch } from "./pkce.ts";

/** The query string a platform's redirect gave the return page, as posted to the product. */
export type ReturnQuery = Record<string, string | undefined>;

/** An accepted return: what the exchange needs. */
export interface AcceptedReturn {
  ok: true;
  /** The authorization code (X: the `oauth_token`). */
  code: string;
  state?: string;
  scope?: string;
  /** X (OAuth 1.0a) only. */
  oauthVerifier?: string;
}

/** A refused return, with a machine reason for logs (the page shows the spec's failure text). */
export interface RefusedReturn {
  ok: false;
  reason: "missing_code" | "platform_error" | "missing_scope" | "state_mismatch" | "not_oauth";
  detail?: string;
  /**
   * The platform refused a personal (consumer) account: the return page shows the catalogue's
   * `personalAccountFailureText` (Microsoft Ads, spec 2.13) instead of its usual failure text.
   */
  personalAccount?: true;
}

/** Result of an acceptance rule. */
export type ReturnAcceptance = AcceptedReturn | RefusedReturn;

/** Google Ads scope the Google Ads return page requires (spec 5). */
export const GOOGLE_ADS_SCOPE = "https://www.googleapis.com/auth/adwords";
/** Bid Manager scope the DV360 return page requires (spec 5). */
export const BID_MANAGER_SCOPE = "https://www.googleapis.com/auth/doubleclickbidmanager";

const present = (v: string | undefined): v is string => typeof v === "string" && v.trim() !== "";

function scopes(query: ReturnQuery): string[] {
  return (query.scope ?? "").split(/[\s,+]+/).filter(Boolean);
}

function accepted(code: string, query: ReturnQuery): AcceptedReturn {
  const out: AcceptedReturn = { ok: true, code };
  if (present(query.state)) out.state = query.state;
  if (present(query.scope)) out.scope = query.scope;
  return out;
}

/** Google Ads: accepted only if a code is present, no `error`, and the scope includes the adwords scope. */
export function acceptGoogleAdsReturn(query: ReturnQuery): ReturnAcceptance {
  if (present(query.error)) return { ok: false, reason: "platform_error", detail: query.error };
  if (!present(query.code)) return { ok: false, reason: "missing_code" };
  if (!scopes(query).includes(GOOGLE_ADS_SCOPE)) return { ok: false, reason: "missing_scope" };
  return accepted(query.code, query);
}

/** Google DV360: accepted only if a code is present and the scope contains the Bid Manager scope. */
export function acceptGoogleDv360Return(query: ReturnQuery): ReturnAcceptance {
  if (present(query.error)) return { ok: false, reason: "platform_error", detail: query.error };
  if (!present(query.code)) return { ok: false, reason: "missing_code" };
  if (!scopes(query).includes(BID_MANAGER_SCOPE)) return { ok: false, reason: "missing_scope" };
  return accepted(query.code, query);
}

/**
 * Facebook Ads: accepted only when a code is present and no error code other than success (200)
 * is given. (Meta answers a refusal with `error`, `error_code`, `error_reason`, `error_description`.)
 */
export function acceptFacebookAdsReturn(query: ReturnQuery): ReturnAcceptance {
  if (present(query.error_code) && query.error_code !== "200") {
    return { ok: false, reason: "platform_error", detail: query.error_code };
  }
  if (!present(query.code)) return { ok: false, reason: "missing_code" };
  return accepted(query.code, query);
}

/**
 * Pinterest, Amazon, TikTok: fail when `error_code` is present and not 200, or when the code is
 * missing. TikTok's redirect names the code `auth_code` (and also `code`); either is accepted.
 */
export function acceptErrorCodeOrCodeReturn(query: ReturnQuery): ReturnAcceptance {
  if (present(query.error_code) && query.error_code !== "200") {
    return { ok: false, reason: "platform_error", detail: query.error_code };
  }
  const code = present(query.code) ? query.code : present(query.auth_code) ? query.auth_code : undefined;
  if (!code) return { ok: false, reason: "missing_code" };
  return accepted(code, query);
}

/** Twitter (X) Ads, OAuth 1.0a: fail on `error_code` other than 200 or when `oauth_token` is missing. */
export function acceptTwitterAdsReturn(query: ReturnQuery): ReturnAcceptance {
  if (present(query.error_code) && query.error_code !== "200") {
    return { ok: false, reason: "platform_error", detail: query.error_code };
  }
  if (!present(query.oauth_token)) return { ok: false, reason: "missing_code" };
  const out: AcceptedReturn = { ok: true, code: query.oauth_token };
  if (present(query.oauth_verifier)) out.oauthVerifier = query.oauth_verifier;
  return out;
}

/** LinkedIn Ads: fails with no code. */
export function acceptLinkedInAdsReturn(query: ReturnQuery): ReturnAcceptance {
  if (!present(query.code)) return { ok: false, reason: "missing_code", detail: query.error };
  return accepted(query.code, query);
}

/** Reddit Ads: fails on an `error` parameter or no code. */
export function acceptRedditAdsReturn(query: ReturnQuery): ReturnAcceptance {
  if (present(query.error)) return { ok: false, reason: "platform_error", detail: query.error };
  if (!present(query.code)) return { ok: false, reason: "missing_code" };
  return accepted(query.code, query);
}

/**
 * Microsoft's personal-account refusal, as the identity platform reports it on the return page
 * (`error_description` with AADSTS codes for consumer accounts, or words naming them).
 */
export function isPersonalMicrosoftAccount(query: ReturnQuery): boolean {
  const text = `${query.error ?? ""} ${query.error_description ?? ""} ${query.error_code ?? ""}`;
  return /personal|consumer|live\.com|msa\b|AADSTS50020|AADSTS70000121|AADSTS50194/i.test(text);
}

/**
 * Microsoft Ads: fails on `error_code` (or the identity platform's `error`) or no code; a refusal
 * of a personal Microsoft account says so (`personalAccount`).
 */
export function acceptBingAdsReturn(query: ReturnQuery): ReturnAcceptance {
  const refused = (detail: string): RefusedReturn => ({
    ok: false,
    reason: "platform_error",
    detail,
    ...(isPersonalMicrosoftAccount(query) ? { personalAccount: true as const } : {}),
  });
  if (present(query.error_code)) return refused(query.error_code);
  if (present(query.error)) return refused(query.error);
  if (!present(query.code)) return { ok: false, reason: "missing_code" };
  return accepted(query.code, query);
}

/** Cake, CSV and Snapchat have no OAuth return page. */
export function refuseReturn(): ReturnAcceptance {
  return { ok: false, reason: "not_oauth" };
}

/** The spec section 5 rule of every platform, by slug. */
export const RETURN_RULES: Record<IntegrationSlug, (query: ReturnQuery) => ReturnAcceptance> = {
  googleads: acceptGoogleAdsReturn,
  googledv360: acceptGoogleDv360Return,
  facebookads: acceptFacebookAdsReturn,
  pinterestads: acceptErrorCodeOrCodeReturn,
  amazonads: acceptErrorCodeOrCodeReturn,
  tiktokads: acceptErrorCodeOrCodeReturn,
  twitterads: acceptTwitterAdsReturn,
  linkedinads: acceptLinkedInAdsReturn,
  redditads: acceptRedditAdsReturn,
  bingads: acceptBingAdsReturn,
  cake: refuseReturn,
  csv: refuseReturn,
  snapchatads: refuseReturn,
};

/**
 * The value a return page echoes of the consent's state: `oauth_token` (the request token) for an
 * OAuth 1.0a platform (RFC 5849 6.2.3), `state` for OAuth 2.0 (RFC 6749 4.1.2).
 */
export function returnedState(query: ReturnQuery, auth: PlatformAuth): string | undefined {
  return auth === "oauth1" ? query.oauth_token : query.state;
}

/**
 * What a `POST /api/{platform}/response` handler calls: checks that the returned state equals the
 * one bound to the session (constant time), then applies the platform's rule. For an OAuth 1.0a
 * platform (X) pass the session's request token as `expectedState`: it must equal `oauth_token`.
 */
export function acceptReturnForSession(
  slug: IntegrationSlug,
  query: ReturnQuery,
  expectedState: string,
): ReturnAcceptance {
  const received = returnedState(query, platformEntry(slug)?.auth ?? "oauth2");
  if (!statesMatch(expectedState, received)) return { ok: false, reason: "state_mismatch" };
  return RETURN_RULES[slug](query);
}
