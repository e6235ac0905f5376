import { createHash, randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { escapeHtml, type Route, redirect, type SandboxRequest, sendHtml, sendJson } from "./http-kit.ts";

/** The demo user every consent page suggests. */
export const DEMO_USER = { email: "demo@pacer.test", name: "Pacer Demo" } as const;

/** The client credentials the sandbox accepts for a platform prefix (mirrors the connectors' `sandboxClient`). */
export function sandboxClient(prefix: string): { clientId: string; clientSecret: string } {
  return { clientId: `sandbox-${prefix}-client`, clientSecret: `sandbox-${prefix}-secret` };
}

/** How one platform's authorization server behaves. */
export interface OAuthFlavour {
  /** Platform prefix and display name on the consent page. */
  prefix: string;
  displayName: string;
  /** Path (below the prefix) the consent form posts to. */
  approvePath: string;
  /** PKCE S256 verified when the authorize request carried a challenge. */
  pkce: boolean;
  /** `static`: refresh token reused (Google); `rotating`: each refresh returns a new one and voids the old; `none`: no refresh tokens (Meta). */
  refreshTokens: "static" | "rotating" | "none";
  accessTokenTtlSeconds: number;
  /** Separator of the `scope` parameter (`" "` for Google, `","` for Meta). */
  scopeSeparator: string;
  /** Put the granted `scope` in the redirect (Google does). */
  returnScope: boolean;
  /** Query parameters of a denied consent, e.g. Meta's `error_code=200&error_reason=user_denied`. */
  denyParams: Record<string, string>;
}

/** A user's consent, shared by the code and the tokens issued from it. */
export interface Grant {
  user: { id: string; email: string; name: string };
  clientId: string;
  scope: string[];
  nonce?: string;
}

interface CodeRecord {
  grant: Grant;
  redirectUri: string;
  codeChallenge?: string;
  expiresAt: number;
}

interface TokenRecord {
  grant: Grant;
  expiresAt: number;
  refreshToken?: string;
  revoked: boolean;
}

/** An OAuth 2.0 error answer (RFC 6749 5.2). */
export class OAuthProblem extends Error {
  constructor(
    readonly error: string,
    readonly status = 400,
    readonly description?: string,
  ) {
    super(error);
  }
}

/** Tokens issued by a grant. */
export interface IssuedTokens {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token?: string;
  scope: string;
  grant: Grant;
}

const CODE_TTL_MS = 10 * 60_000;

function token(kind: string, prefix: string): string {
  return `${prefix}-${kind}-${randomBytes(18).toString("base64url")}`;
}

/** The sandbox user for an email: a stable id derived from the address. */
export function userFor(email: string, name: string | undefined): Grant["user"] {
  const id = createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 16);
  return { id, email, name: name?.trim() || DEMO_USER.name };
}

/**
 * A generic OAuth 2.0 authorization server for one platform: consent page with Approve and Deny,
 * single-use codes (10 minutes) bound to client, redirect URI and PKCE challenge, access tokens
 * with expiry, static or rotating refresh tokens, revocation, and `invalid_grant` for anything
 * unknown, used, expired or revoked.
 */
export class OAuthServer {
  private readonly codes = new Map<string, CodeRecord>();
  private readonly accessTokens = new Map<string, TokenRecord>();
  private readonly refreshTokens = new Map<string, { grant: Grant; revoked: boolean }>();

  constructor(
    readonly flavour: OAuthFlavour,
    private readonly nowMs: () => number,
  ) {}

  /** Renders the consent page for an authorize request (query parameters as the platform reads them). */
  renderConsent(req: SandboxRequest, res: ServerResponse, approveAction: string): void {
    const q = req.url.searchParams;
    const client = sandboxClient(this.flavour.prefix);
    const redirectUri = q.get("redirect_uri") ?? "";
    if (q.get("client_id") !== client.clientId || !/^https?:\/\//.test(redirectUri)) {
      sendHtml(
        res,
        400,
        `<!doctype html><title>Error</title><h1>400. That's an error.</h1><p>invalid_request: unknown client or redirect_uri</p>`,
      );
      return;
    }
    const scopes = (q.get("scope") ?? "").split(/[\s,]+/).filter(Boolean);
    const hidden = [
      "client_id",
      "redirect_uri",
      "state",
      "code_challenge",
      "code_challenge_method",
      "response_type",
      "nonce",
      "response_mode",
    ]
      .map((k) => (q.has(k) ? `<input type="hidden" name="${k}" value="${escapeHtml(q.get(k) ?? "")}">` : ""))
      .join("\n");
    const scopeBoxes = scopes
      .map(
        (s) =>
          `<label><input type="checkbox" name="scope" value="${escapeHtml(s)}" checked> ${escapeHtml(s)}</label><br>`,
      )
      .join("\n");
    const email = escapeHtml(q.get("login_hint") ?? DEMO_USER.email);
    sendHtml(
      res,
      200,
      `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in - ${escapeHtml(this.flavour.displayName)} (sandbox)</title></head>
<body style="font-family:sans-serif;max-width:28rem;margin:2rem auto">
<h1>${escapeHtml(this.flavour.displayName)}</h1>
<p>Sandbox consent: <strong>Pacer</strong> wants to access your ${escapeHtml(this.flavour.displayName)} data.</p>
<form method="post" action="${escapeHtml(approveAction)}">
${hidden}
<p><label>Email <input type="email" name="email" value="${email}" required></label></p>
<p><label>Name <input type="text" name="name" value="${escapeHtml(DEMO_USER.name)}"></label></p>
<fieldset><legend>Permissions</legend>
${scopeBoxes}
</fieldset>
<p><button type="submit" name="decision" value="approve" id="approve">Approve</button>
<button type="submit" name="decision" value="deny" id="deny">Deny</button></p>
</form></body></html>`,
    );
  }

  /**
   * The consent page route: `GET authorizePath` renders the consent, its form posting to the
   * flavour's `approvePath` below `base()` (the platform's URL), `{parameters}` filled from the page's path.
   */
  consentRoute(authorizePath: string, base: () => string): Route {
    return {
      method: "GET",
      pattern: authorizePath,
      kind: "page",
      handle: (req, res) =>
        this.renderConsent(req, res, `${base()}${fillPath(this.flavour.approvePath, req.params)}`),
    };
  }

  /** The approval route: `POST approvePath` (of the flavour) handled by {@link approve}. */
  approveRoute(): Route {
    return {
      method: "POST",
      pattern: this.flavour.approvePath,
      kind: "page",
      handle: (req, res) => this.approve(req, res),
    };
  }

  /** The consent page at `authorizePath` and the approval its form posts to (see {@link consentRoute}). */
  consentRoutes(authorizePath: string, base: () => string): Route[] {
    return [this.consentRoute(authorizePath, base), this.approveRoute()];
  }

  /** Handles the consent form: redirects back with `code`, `state` (and `scope`), or the platform's denial parameters. */
  approve(
    req: SandboxRequest,
    res: ServerResponse,
    extra?: (grant: Grant, params: URLSearchParams) => void,
  ): void {
    const f = req.form;
    const client = sandboxClient(this.flavour.prefix);
    const redirectUri = f.get("redirect_uri") ?? "";
    if (f.get("client_id") !== client.clientId || !/^https?:\/\//.test(redirectUri)) {
      sendHtml(res, 400, "<!doctype html><title>Error</title><p>invalid_request</p>");
      return;
    }
    const target = new URL(redirectUri);
    const state = f.get("state");
    if (f.get("decision") === "deny") {
      for (const [k, v] of Object.entries(this.flavour.denyParams)) target.searchParams.set(k, v);
      if (state) target.searchParams.set("state", state);
      redirect(res, target.toString());
      return;
    }
    const scope = f.getAll("scope");
    const grant: Grant = {
      user: userFor(f.get("email") || DEMO_USER.email, f.get("name") ?? undefined),
      clientId: client.clientId,
      scope,
    };
    const nonce = f.get("nonce");
    if (nonce) grant.nonce = nonce;
    const responseType = f.get("response_type") ?? "code";
    if (responseType.includes("code")) {
      const code = token("code", this.flavour.prefix);
      const record: CodeRecord = { grant, redirectUri, expiresAt: this.nowMs() + CODE_TTL_MS };
      const challenge = f.get("code_challenge");
      if (challenge && this.flavour.pkce) record.codeChallenge = challenge;
      this.codes.set(code, record);
      target.searchParams.set("code", code);
    }
    if (state) target.searchParams.set("state", state);
    if (this.flavour.returnScope) target.searchParams.set("scope", scope.join(this.flavour.scopeSeparator));
    extra?.(grant, target.searchParams);
    redirect(res, target.toString());
  }

  /** Checks client credentials (form, query or HTTP Basic). @throws OAuthProblem invalid_client */
  checkClient(req: SandboxRequest, fields: URLSearchParams): void {
    let id = fields.get("client_id");
    let secret = fields.get("client_secret");
    const auth = req.headers.authorization;
    if (auth?.startsWith("Basic ")) {
      const [u, p] = Buffer.from(auth.slice(6), "base64").toString("utf8").split(":");
      id = decodeURIComponent(u ?? "");
      secret = decodeURIComponent(p ?? "");
    }
    const client = sandboxClient(this.flavour.prefix);
    if (id !== client.clientId || secret !== client.clientSecret)
      throw new OAuthProblem("invalid_client", 401);
  }

  /** Trades a code. @throws OAuthProblem invalid_grant (unknown, used, expired, wrong redirect URI or PKCE verifier) */
  exchangeCode(code: string, redirectUri: string, codeVerifier: string | undefined): IssuedTokens {
    const record = this.codes.get(code);
    this.codes.delete(code);
    if (!record || record.expiresAt < this.nowMs())
      throw new OAuthProblem("invalid_grant", 400, "Malformed auth code.");
    if (record.redirectUri !== redirectUri)
      throw new OAuthProblem("invalid_grant", 400, "redirect_uri mismatch");
    if (record.codeChallenge) {
      const computed = codeVerifier ? createHash("sha256").update(codeVerifier).digest("base64url") : "";
      if (computed !== record.codeChallenge)
        throw new OAuthProblem("invalid_grant", 400, "code_verifier mismatch");
    }
    return this.issue(record.grant, this.flavour.refreshTokens !== "none");
  }

  /** A refresh grant. @throws OAuthProblem invalid_grant for unknown, rotated-away or revoked refresh tokens */
  refresh(refreshToken: string): IssuedTokens {
    const record = this.refreshTokens.get(refreshToken);
    if (!record || record.revoked)
      throw new OAuthProblem("invalid_grant", 400, "Token has been expired or revoked.");
    if (this.flavour.refreshTokens === "rotating") {
      record.revoked = true;
      return this.issue(record.grant, true);
    }
    return this.issue(record.grant, false);
  }

  /** A new access token for the same grant (Meta's `fb_exchange_token`), with its own lifetime. */
  exchangeAccessToken(accessToken: string, ttlSeconds: number): IssuedTokens {
    const grant = this.validate(accessToken);
    if (!grant) throw new OAuthProblem("invalid_grant", 400, "Error validating access token");
    return this.issue(grant, false, ttlSeconds);
  }

  /** The grant behind a live access token, or undefined (unknown, expired or revoked). */
  validate(accessToken: string | undefined): Grant | undefined {
    if (!accessToken) return undefined;
    const record = this.accessTokens.get(accessToken);
    if (!record || record.revoked || record.expiresAt <= this.nowMs()) return undefined;
    return record.grant;
  }

  /** Revokes an access or refresh token and everything issued with it. Unknown tokens: false. */
  revoke(tokenValue: string): boolean {
    const access = this.accessTokens.get(tokenValue);
    const refresh = this.refreshTokens.get(tokenValue);
    if (!access && !refresh) return false;
    const grant = access?.grant ?? refresh?.grant;
    for (const r of this.accessTokens.values()) if (r.grant === grant) r.revoked = true;
    for (const r of this.refreshTokens.values()) if (r.grant === grant) r.revoked = true;
    return true;
  }

  /** Revokes every token (tests: the user removed the app at the platform). */
  revokeAll(): void {
    for (const r of this.accessTokens.values()) r.revoked = true;
    for (const r of this.refreshTokens.values()) r.revoked = true;
  }

  /** Makes every access token expired (tests: force a refresh). */
  expireAccessTokens(): void {
    for (const r of this.accessTokens.values()) r.expiresAt = 0;
  }

  /** Issues tokens for a grant (platform modules may use it for grants of their own). */
  issue(grant: Grant, withRefresh: boolean, ttlSeconds = this.flavour.accessTokenTtlSeconds): IssuedTokens {
    const accessToken = token("at", this.flavour.prefix);
    const record: TokenRecord = { grant, expiresAt: this.nowMs() + ttlSeconds * 1000, revoked: false };
    const issued: IssuedTokens = {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: ttlSeconds,
      scope: grant.scope.join(this.flavour.scopeSeparator === "," ? "," : " "),
      grant,
    };
    if (withRefresh) {
      const refreshToken = token("rt", this.flavour.prefix);
      this.refreshTokens.set(refreshToken, { grant, revoked: false });
      record.refreshToken = refreshToken;
      issued.refresh_token = refreshToken;
    }
    this.accessTokens.set(accessToken, record);
    return issued;
  }
}

/** `pattern` with each `{name}` replaced by `params[name]`. */
function fillPath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/\{([a-zA-Z]+)\}/g, (_m, name: string) => params[name] ?? "");
}

/**
 * Runs the work of a token or revoke endpoint, answering an {@link OAuthProblem} it throws with the
 * RFC 6749 error; any other error propagates.
 */
export function answeringOAuthProblems(res: ServerResponse, work: () => void): void {
  try {
    work();
  } catch (error) {
    if (error instanceof OAuthProblem) sendOAuthProblem(res, error);
    else throw error;
  }
}

/** Sends an RFC 6749 error answer. */
export function sendOAuthProblem(res: ServerResponse, problem: OAuthProblem): void {
  const body: Record<string, string> = { error: problem.error };
  if (problem.description) body.error_description = problem.description;
  sendJson(res, problem.status, body);
}

/**
 * The standard token endpoint (`POST`, form body): `authorization_code` and `refresh_token` grants.
 * `extra` may add fields (e.g. an `id_token`).
 */
export function standardTokenEndpoint(
  server: OAuthServer,
  extra?: (issued: IssuedTokens) => Record<string, unknown>,
): (req: SandboxRequest, res: ServerResponse) => void {
  return (req, res) =>
    answeringOAuthProblems(res, () => {
      const f = req.form;
      server.checkClient(req, f);
      let issued: IssuedTokens;
      const grantType = f.get("grant_type");
      if (grantType === "authorization_code") {
        issued = server.exchangeCode(
          f.get("code") ?? "",
          f.get("redirect_uri") ?? "",
          f.get("code_verifier") ?? undefined,
        );
      } else if (grantType === "refresh_token") {
        issued = server.refresh(f.get("refresh_token") ?? "");
      } else {
        throw new OAuthProblem("unsupported_grant_type");
      }
      const { grant, ...body } = issued;
      sendJson(res, 200, { ...body, ...(extra?.(issued) ?? {}) });
    });
}
