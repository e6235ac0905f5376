/**
 * The one API client of the SPA: JSON in and out, the session token in `x-auth-token` (kept in local
 * storage, spec section 7), and one place that reacts to an expired or refused session.
 */
export const TOKEN_KEY = "token";

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string | null): void {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}

/** An error answer of the API: status, the server's message and code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** True for a missing, expired or refused session (API Gateway answers 401 or a bare 403). */
  get isAuthError(): boolean {
    return this.status === 401 || (this.status === 403 && this.code === undefined);
  }
}

type AuthErrorListener = () => void;
const authErrorListeners = new Set<AuthErrorListener>();

/** Subscribes to session failures (the auth provider removes the token and redirects). */
export function onAuthError(listener: AuthErrorListener): () => void {
  authErrorListeners.add(listener);
  return () => authErrorListeners.delete(listener);
}

async function request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  const token = getToken();
  if (token) headers["x-auth-token"] = token;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    ...(signal ? { signal } : {}),
  });
  const text = await response.text();
  const data = text ? (JSON.parse(text) as unknown) : undefined;
  if (!response.ok) {
    const err = (data ?? {}) as { message?: string; code?: string; field?: string };
    const error = new ApiError(
      response.status,
      err.message ?? "Something went wrong, please try again",
      err.code,
      err.field,
    );
    if (error.isAuthError && token) for (const listener of authErrorListeners) listener();
    throw error;
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>("GET", path, undefined, signal),
  post: <T>(path: string, body?: unknown, signal?: AbortSignal) =>
    request<T>("POST", path, body ?? {}, signal),
};
