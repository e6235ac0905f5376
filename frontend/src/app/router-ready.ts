import type { DataRouter } from "react-router-dom";

/** What {@link routerReady} reads of a data router (React Router's `createBrowserRouter` answer). */
type ReadableRouter = Pick<DataRouter, "state" | "subscribe">;

/**
 * Resolves once `router` has loaded the first page's route (its state `initialized`: a lazy route's
 * chunk loaded), or after `maxWaitMs`, whichever comes first. The app renders its first screen then:
 * with the page itself when its code arrives in time (one render, not a loading screen that is
 * laid out and painted for an instant and then replaced), with the router's loading screen
 * (`HydrateFallback`) otherwise.
 */
export function routerReady(router: ReadableRouter, maxWaitMs: number): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, maxWaitMs);
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) done();
    });
  });
}
