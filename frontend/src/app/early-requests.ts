import { paths } from "../config/paths";
import { startTrackerListEarly } from "../features/trackers/api/early-list";
import { startSessionEarly } from "../lib/early-request";

/**
 * The entry's first work, imported before React, the router and the pages (and importing nothing
 * heavier than the API client, so no other module's evaluation delays the requests). A deployed app reached
 * over plain http moves to https (and sends nothing from here: the token never travels in clear).
 * Otherwise the requests the first page waits for start as soon as the entry's code runs, side by
 * side: the session (every private page waits for it) and, on the dashboard, the tracker list (the
 * first rows wait for it) and the dashboard page's code; the queries take their answers
 * (lib/early-request.ts), or those index.html's first script already asked for.
 */
const insecure =
  import.meta.env.PROD &&
  location.protocol === "http:" &&
  !["localhost", "127.0.0.1"].includes(location.hostname);

if (insecure) {
  location.replace(`https://${location.host}${location.pathname}${location.search}${location.hash}`);
} else {
  startSessionEarly();
  if (location.pathname === paths.dashboard) {
    startTrackerListEarly();
    // The page's own code (the route's lazy chunk), fetched and compiled while the entry evaluates
    // instead of after the router, the session and the first render ask for it; the route's
    // `lazy` then finds it loaded.
    import("./pages/dashboard-page").catch(() => undefined);
  }
}
