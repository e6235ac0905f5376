import { api } from "./api-client";

/**
 * "Sign in with Google" through the OpenID Connect implicit flow (`response_type=id_token`): the
 * button sends the browser to the identity provider's authorize page (locally, the sandbox's Google
 * identity issuer), which comes back to the same page with the ID token in the URL fragment. The
 * page then posts the token to the server, which verifies it. The provider's client id and
 * authorize URL come from the server, so the same build works locally and in the cloud.
 */
export const GOOGLE_CONFIG_PATH = "/api/auth/google-config";

const STATE_KEY = "googleSignInState";

export interface GoogleConfig {
  clientId: string;
  authorizeUrl: string;
}

function randomToken(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Sends the browser to the Google authorize page; it returns to `returnPath` on this origin. */
export async function startGoogleSignIn(returnPath: string): Promise<void> {
  const config = await api.get<GoogleConfig>(GOOGLE_CONFIG_PATH);
  const state = randomToken();
  const nonce = randomToken();
  sessionStorage.setItem(STATE_KEY, JSON.stringify({ state, nonce }));
  const url = new URL(config.authorizeUrl);
  url.searchParams.set("client_id", config.clientId);
  url.searchParams.set("redirect_uri", `${window.location.origin}${returnPath}`);
  url.searchParams.set("response_type", "id_token");
  url.searchParams.set("scope", "openid email profile");
  url.searchParams.set("state", state);
  url.searchParams.set("nonce", nonce);
  url.searchParams.set("prompt", "select_account");
  window.location.assign(url.toString());
}

/**
 * The ID token the provider sent back in the fragment, when its `state` matches the one this tab
 * sent; the fragment is then removed from the address bar. Null when there is none.
 */
export function takeGoogleIdToken(): string | null {
  const hash = window.location.hash.startsWith("#") ? window.location.hash.slice(1) : "";
  if (!hash) return null;
  const params = new URLSearchParams(hash);
  const token = params.get("id_token");
  if (!token && !params.get("error")) return null;
  const saved = sessionStorage.getItem(STATE_KEY);
  sessionStorage.removeItem(STATE_KEY);
  history.replaceState(null, "", window.location.pathname + window.location.search);
  if (!token || !saved) return null;
  const { state } = JSON.parse(saved) as { state: string };
  return params.get("state") === state ? token : null;
}
