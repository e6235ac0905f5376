import { getLater, getToken, type RequestOptions, readAnswerLater } from "./api-client";

/**
 * GET requests started while the page loads, before React renders (the SPA entry starts them), so
 * the answers a page waits for travel beside the page's own code instead of after it. Each early
 * request fills a named slot ("session", "trackers"); the query that needs the answer takes the slot
 * once with {@link takeEarlyAnswer}. An unused, mismatched or failed early request changes nothing:
 * the query then asks again, and that request meets a lost session as any other does.
 */

/**
 * Each slot's path and answer, its body parsed when taken (a large answer lands while the page is
 * busy); `arrived` is the answer's reader once a successful answer is in.
 */
interface Slot {
  path: string;
  answer: Promise<() => unknown>;
  arrived?: () => unknown;
}
const slots = new Map<string, Slot>();

/**
 * A request the page's first script (`public/early-requests.js`, loaded by index.html before the
 * entry bundle) sent into a slot: its path and the pending response. The script sends the same
 * headers as the API client, with the token stored when it ran.
 */
export interface PageStartedRequest {
  path: string;
  response: Promise<Response>;
}

/** Where `public/early-requests.js` leaves its requests, by slot. */
export const PAGE_STARTED_KEY = "__pacerEarly";

/** Takes the page-started request of `slot` when it was sent for `path` (each is taken once). */
function takePageStarted(slot: string, path: string): PageStartedRequest | undefined {
  const started = (window as unknown as Record<string, Record<string, PageStartedRequest> | undefined>)[
    PAGE_STARTED_KEY
  ];
  const request = started?.[slot];
  if (started) delete started[slot];
  return request?.path === path ? request : undefined;
}

/**
 * Starts `GET path` into `slot` when a session token is stored (nothing without one), or takes the
 * same request when the page's first script already sent it (one request, not two). With `after`
 * (another slot), it is sent once that slot's answer is in (or has failed): a small answer the
 * first screen waits for goes first, alone on the wire and on the server. A refused session is not
 * reported from here (`ignoreAuthError`): the query's own request does that.
 */
export function startEarlyGet(
  slot: string,
  path: string,
  options: Pick<RequestOptions, "timeoutMs"> & { after?: string } = {},
): void {
  const token = getToken();
  if (!token) return;
  const pageStarted = takePageStarted(slot, path);
  const before = options.after === undefined ? undefined : slots.get(options.after)?.answer;
  const send = () =>
    getLater(path, { ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}), ignoreAuthError: true });
  const answer = pageStarted
    ? readAnswerLater(pageStarted.response, token, { ignoreAuthError: true })
    : before
      ? before.then(send, send)
      : send();
  answer.catch(() => undefined);
  const started: Slot = { path, answer };
  answer.then(
    (read) => {
      started.arrived = read;
    },
    () => undefined,
  );
  slots.set(slot, started);
}

/**
 * Empties `slot` and gives its answer when it was started for `path`; undefined when nothing was
 * started, it was for another path (a leftover answer is dropped, not kept in memory) or it failed.
 */
export async function takeEarlyAnswer<T>(slot: string, path: string): Promise<T | undefined> {
  return (await takeEarlyAnswerLater<T>(slot, path))?.();
}

/**
 * As {@link takeEarlyAnswer}, but the answer's body is parsed only when the returned function is
 * called: the caller parses a large answer when it is ready to use it.
 */
export async function takeEarlyAnswerLater<T>(slot: string, path: string): Promise<(() => T) | undefined> {
  const started = slots.get(slot);
  slots.delete(slot);
  if (started?.path !== path) return undefined;
  return (started.answer as Promise<() => T>).catch(() => undefined);
}

/**
 * Synchronously, for a query's first render: empties `slot` and gives its answer's reader when it
 * was started for `path` and a successful answer has already arrived; otherwise undefined, and the
 * slot stays for {@link takeEarlyAnswer} (an answer still on its way, or a failure, which the query
 * then meets as its own request's).
 */
export function takeArrivedEarlyAnswer<T>(slot: string, path: string): (() => T) | undefined {
  const started = slots.get(slot);
  if (started?.path !== path || !started.arrived) return undefined;
  slots.delete(slot);
  return started.arrived as () => T;
}

/** The session call (spec 7.1): the signed-in user, and a renewed token when half its life is gone. */
export const SESSION_PATH = "/api/auth";
/** The early session request's slot. */
export const SESSION_SLOT = "session";

/**
 * Starts the session request as the page loads, beside the page's first data request; `useUser`'s
 * first load takes its answer (lib/auth.ts). Nothing without a token.
 */
export function startSessionEarly(): void {
  startEarlyGet(SESSION_SLOT, SESSION_PATH);
}
