import type { HttpClient } from "../http/http-client.ts";
import { type TokenResponse, tokenResponseSchema } from "./token-response.ts";

/** How a client authenticates at the token endpoint (RFC 6749 2.3.1). */
export type ClientAuthMethod = "client_secret_post" | "client_secret_basic";

/** A client's credentials at one token endpoint. */
export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  tokenUrl: string;
  auth: ClientAuthMethod;
}

/**
 * POSTs a grant to the token endpoint and parses the answer. Authorization-code grants are sent
 * once (codes are single use); refresh grants are retried by the shared policy.
 * @throws AuthError on `invalid_grant`, and the HTTP layer's other typed errors
 */
export async function postTokenGrant(
  http: HttpClient,
  client: OAuthClient,
  grant: Record<string, string | undefined>,
): Promise<TokenResponse> {
  const form: Record<string, string | undefined> = { ...grant };
  const headers: Record<string, string> = {};
  if (client.auth === "client_secret_basic") {
    const basic = Buffer.from(
      `${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`,
    );
    headers.authorization = `Basic ${basic.toString("base64")}`;
  } else {
    form.client_id = client.clientId;
    form.client_secret = client.clientSecret;
  }
  return http.json(
    {
      operation: `token:${grant.grant_type}`,
      method: "POST",
      url: client.tokenUrl,
      headers,
      form,
      retry: grant.grant_type === "authorization_code" ? false : {},
    },
    (body) => tokenResponseSchema.parse(body),
  );
}

/** An authorize URL: `base` with the given parameters (undefined ones left out). */
export function authorizeUrlWith(base: string, params: Record<string, string | undefined>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}
