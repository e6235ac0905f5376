/**
 * The one API client of the SPA: JSON in and out, the session token in `x-auth-token` (kept in local
 * storage, spec overview-access-account.md section 7), and one place that reacts to an expired or
 * refused session. Error toasts are opt-in per mutation (`meta.errorToast`, see app/provider.tsx):
 * the spec logs most failures without a message.
 */
export const TOKEN_KEY = "token";

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string | null): void {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}

/**
 * An error answer of the API: status, the server's message in words and code, the field it names,
 * and the whole body.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly field?: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** True when the item changed since the version sent in `if-match` (409 `VERSION_CONFLICT`). */
  get isVersionConflict(): boolean {
    return this.status === 409 && this.code === "VERSION_CONFLICT";
  }

  /**
   * The request field the server refused, without its part: `body.newUser.email` -> `newUser.email`
   * (a form field's name); undefined when the error names no body field.
   */
  get bodyField(): string | undefined {
    return this.field?.startsWith("body.") ? this.field.slice("body.".length) : undefined;
  }

  /** True for a missing, expired or refused session (API Gateway answers 401 or a bare 403). */
  get isAuthError(): boolean {
    return this.status === 401 || (this.status === 403 && this.code === undefined);
  }
}

/** True when a write was refused because the item changed since the version it sent. */
export function isVersionConflict(error: unknown): boolean {
  return error instanceof ApiError && error.isVersionConflict;
}

/** The server's message of an error, or `fallback` for anything that is not an API error. */
export function errorMessage(error: unknown, fallback = "Something went wrong, please try again"): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

type AuthErrorListener = (error: ApiError) => void;
const authErrorListeners = new Set<AuthErrorListener>();

/** Subscribes to session failures (the provider removes the token and redirects). */
export function onAuthError(listener: AuthErrorListener): () => void {
  authErrorListeners.add(listener);
  return () => authErrorListeners.delete(listener);
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Aborts the request after this many milliseconds. */
  timeoutMs?: number;
  /** Do not treat a 401 as the end of the session (login, reset links). */
  ignoreAuthError?: boolean;
  /** Extra request headers (e.g. `ifMatch(version)`). */
  headers?: Record<string, string>;
}

/**
 * Optimistic locking (functions/README.md): the `if-match` header of an update or delete, naming the
 * version the user saw. The server answers 409 `VERSION_CONFLICT` when the item changed since; no
 * header when the version is unknown.
 */
export function ifMatch(version: number | undefined): Record<string, string> {
  return version === undefined ? {} : { "if-match": String(version) };
}

/** The toast after a refused stale write (`label`: 'Tracker', 'Pod', ...); the item is then reloaded. */
export function changedElsewhereText(label: string): string {
  return `This ${label} was changed by someone else, so it has been reloaded. Please make your change again.`;
}

/**
 * Reads an error answer (functions/README.md: `{ code, message, msg, field? }`). A validation
 * message names its field first (`body.password: Password must be at least 6 characters`); the
 * field travels in `field`, so the message keeps only the words a person reads.
 */
export function readError(status: number, data: unknown): ApiError {
  const err = (data && typeof data === "object" ? data : {}) as {
    message?: string;
    msg?: string;
    code?: string;
    field?: string;
    errors?: { msg?: string; message?: string }[];
  };
  const message =
    err.message ??
    err.msg ??
    err.errors?.[0]?.msg ??
    err.errors?.[0]?.message ??
    (typeof data === "string" ? data : "");
  const words =
    err.field && message.startsWith(`${err.field}: `) ? message.slice(err.field.length + 2) : message;
  return new ApiError(status, words || "Something went wrong, please try again", err.code, err.field, data);
}

async function request<T>(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const { sent, token } = send(method, path, body, options);
  return readAnswer<T>(sent, token, options);
}

/** Sends a request with the API client's headers (the stored token among them), time-out and signal. */
function send(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions,
): { sent: Promise<Response>; token: string | null } {
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  const token = getToken();
  if (token) headers["x-auth-token"] = token;
  if (body !== undefined) headers["content-type"] = "application/json";
  const signals = [
    options.signal,
    options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined,
  ].filter((s): s is AbortSignal => s !== undefined);
  const sent = fetch(path, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    ...(signals.length ? { signal: signals.length === 1 ? signals[0] : AbortSignal.any(signals) } : {}),
  });
  return { sent, token };
}

/** `GET path` as {@link api}.get, its body parsed when the returned function is called ({@link readAnswerLater}). */
export function getLater<T>(path: string, options: RequestOptions = {}): Promise<() => T> {
  const { sent, token } = send("GET", path, undefined, options);
  return readAnswerLater<T>(sent, token, options);
}

/**
 * The answer of a request already sent (`sent`, made with `token`): the parsed JSON body, or an
 * {@link ApiError} thrown for an error status (a refused session told to the listeners unless
 * `ignoreAuthError`). Used by every call here and for requests the page sent before the app loaded
 * (lib/early-request.ts).
 */
export async function readAnswer<T>(
  sent: Promise<Response>,
  token: string | null,
  options: Pick<RequestOptions, "ignoreAuthError"> = {},
): Promise<T> {
  return (await readAnswerLater<T>(sent, token, options))();
}

/** A JSON body as the API client reads it: parsed, or the text itself when it is not JSON. */
function parseBody(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return text;
  }
}

/**
 * As {@link readAnswer}, but a successful answer's body is decoded and parsed only when the returned
 * function is called (an error status is read and thrown at once): a large answer that arrives while the page is
 * busy is parsed when its reader is ready for it, not as it lands.
 */
export async function readAnswerLater<T>(
  sent: Promise<Response>,
  token: string | null,
  options: Pick<RequestOptions, "ignoreAuthError"> = {},
): Promise<() => T> {
  const response = await sent;
  // The bytes, decoded into text only when read: decoding megabytes is main-thread work too.
  const bytes = await response.arrayBuffer();
  const text = () => new TextDecoder().decode(bytes);
  if (!response.ok) {
    const error = readError(response.status, parseBody(text()));
    if (error.isAuthError && token && !options.ignoreAuthError)
      for (const listener of authErrorListeners) listener(error);
    throw error;
  }
  return () => parseBody(text()) as T;
}

/** A body-less POST sends no body at all: calls without a body schema refuse one. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>("GET", path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("POST", path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>("PUT", path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>("DELETE", path, undefined, options),
};

/** Encodes one path segment. */
export const seg = (value: string) => encodeURIComponent(value);
