import { paths } from "../config/paths";
import { api } from "./api-client";

/**
 * "Sign in with Google" through the OpenID Connect implicit flow (`response_type=id_token`): the
 * button sends the browser to the identity provider's authorize page (locally, the sandbox's Google
 * identity issuer). The provider always comes back to one page, /login, so a deployment registers
 * one exact redirect URI per origin (`https://<app host>/login`). Where the user started (the login
 * page, or a registration page with its coupon, referral or invitation) travels in the OAuth
 * `state`, after a random part that this tab keeps to recognise its own answer. The provider's
 * client id and authorize URL come from the server, so the same build works locally and in the
 * cloud.
 */
export const GOOGLE_CONFIG_PATH = "/api/auth/google-config";

/** The redirect path of every Google sign-in. */
export const GOOGLE_RETURN_PATH = paths.login;

const STATE_KEY = "googleSignInState";

export interface GoogleConfig {
  clientId: string;
  authorizeUrl: string;
}

/** What came back from Google for this tab: the ID token, its nonce and where sign-in started. */
export interface GoogleReturn {
  idToken: string;
  nonce: string;
  /** A path of this app, with its query: /login or a registration page. */
  startPath: string;
}

function randomToken(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function fromBase64Url(text: string): string | null {
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** The pages a Google sign-in may start from: login and the registration pages. */
export function isGoogleStartPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? "";
  return (
    pathname === paths.login ||
    pathname === paths.register ||
    /^\/register\/[^/]+\/?$/.test(pathname) ||
    /^\/register-referral\/[^/]+\/?$/.test(pathname) ||
    /^\/register-invited-user\/[^/]+\/[^/]+\/[^/]+\/?$/.test(pathname)
  );
}

/** The OAuth `state`: a random part, then the start path (base64url). */
export function encodeState(key: string, startPath: string): string {
  return `${key}.${toBase64Url(startPath)}`;
}

/** The start path carried by `state` when its random part is `key`; null for another state. */
export function decodeState(state: string | null, key: string): string | null {
  if (!state) return null;
  const dot = state.indexOf(".");
  if (dot < 0 || state.slice(0, dot) !== key) return null;
  const path = fromBase64Url(state.slice(dot + 1));
  return path && isGoogleStartPath(path) ? path : null;
}

/** Sends the browser to the Google authorize page; it returns to /login, then to `startPath`. */
export async function startGoogleSignIn(startPath: string): Promise<void> {
  const config = await api.get<GoogleConfig>(GOOGLE_CONFIG_PATH);
  const key = randomToken();
  const nonce = randomToken();
  sessionStorage.setItem(STATE_KEY, JSON.stringify({ key, nonce }));
  const url = new URL(config.authorizeUrl);
  url.searchParams.set("client_id", config.clientId);
  url.searchParams.set("redirect_uri", `${window.location.origin}${GOOGLE_RETURN_PATH}`);
  url.searchParams.set("response_type", "id_token");
  url.searchParams.set("scope", "openid email profile");
  url.searchParams.set(
    "state",
    encodeState(key, isGoogleStartPath(startPath) ? startPath : GOOGLE_RETURN_PATH),
  );
  url.searchParams.set("nonce", nonce);
  url.searchParams.set("prompt", "select_account");
  window.location.assign(url.toString());
}

/**
 * The provider's answer in the URL fragment, when its `state` is the one this tab sent; the
 * fragment is then removed from the address bar. Null when there is none (or an error came back).
 */
export function takeGoogleReturn(): GoogleReturn | null {
  const hash = window.location.hash.startsWith("#") ? window.location.hash.slice(1) : "";
  if (!hash) return null;
  const params = new URLSearchParams(hash);
  const idToken = params.get("id_token");
  if (!idToken && !params.get("error")) return null;
  const saved = sessionStorage.getItem(STATE_KEY);
  sessionStorage.removeItem(STATE_KEY);
  history.replaceState(history.state, "", window.location.pathname + window.location.search);
  if (!idToken || !saved) return null;
  const { key, nonce } = JSON.parse(saved) as { key: string; nonce: string };
  const startPath = decodeState(params.get("state"), key);
  return startPath ? { idToken, nonce, startPath } : null;
}
