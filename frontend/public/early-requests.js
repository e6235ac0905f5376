/*
 * The first requests of a returning user's page, sent while the HTML is still being read, before
 * the app's code has arrived (index.html loads this file first; a file of the site's own origin, as
 * the Content-Security-Policy's script-src 'self' asks). With a stored session token: the session
 * (GET /api/auth) and, on the dashboard, the tracker list of the account this browser listed last
 * (its first page, then the whole list once the first page has answered); on the dashboard also
 * the preload of its code.
 * The app takes each pending response once (src/lib/early-request.ts) instead of sending its own;
 * one it does not take (another path, a failure) changes nothing, the app then asks itself.
 * Nothing is sent over plain http except to this machine: the app then moves to https first.
 * Names and paths are the app's (src/lib/api-client.ts TOKEN_KEY and headers,
 * src/features/trackers/api/early-list.ts LAST_ACCOUNT_KEY, listPath, firstPagePath, the slots and
 * TRACKERS_TIMEOUT_MS,
 * src/lib/early-request.ts PAGE_STARTED_KEY); src/app/early-requests.test.tsx checks they agree.
 */
(() => {
  const local = location.hostname === "localhost" || location.hostname === "127.0.0.1";
  if (location.protocol === "http:" && !local) return;
  // The dashboard's code (its chunks, named by the build in a <meta>: vite.config.ts), fetched and
  // compiled beside the entry instead of after it.
  if (location.pathname === "/dashboard") {
    const meta = document.querySelector('meta[name="pacer-dashboard-modules"]');
    for (const href of (meta ? meta.content : "").split(" ")) {
      if (!href) continue;
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.append(link);
    }
  }
  let token = null;
  let account = null;
  try {
    token = localStorage.getItem("token");
    account = localStorage.getItem("pacer.lastTrackerListAccount");
  } catch {
    return;
  }
  if (!token) return;
  const started = {};
  window.__pacerEarly = started;
  // `after`: a response this request waits for (its answer in, or failed) before it is sent.
  const get = (slot, path, timeoutMs, after) => {
    const send = () => {
      const init = { headers: { accept: "application/json", "x-auth-token": token } };
      if (timeoutMs) init.signal = AbortSignal.timeout(timeoutMs);
      return fetch(path, init);
    };
    const response = after ? after.then(send, send) : send();
    response.catch(() => undefined);
    started[slot] = { path, response };
    return response;
  };
  get("session", "/api/auth");
  if (location.pathname === "/dashboard" && account) {
    const list = `/api/trackers/get-trackers-by-account/${encodeURIComponent(account)}`;
    // The whole list once the first page has answered (the app's order: startTrackerListEarly).
    const firstPage = get("trackers-first", `${list}?first=100`, 27500);
    get("trackers", list, 27500, firstPage);
  }
})();
