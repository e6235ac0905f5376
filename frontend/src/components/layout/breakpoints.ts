import { useCallback, useSyncExternalStore } from "react";

/**
 * The layout's breakpoints, in CSS pixels of viewport width.
 *
 * - {@link MOBILE_MAX_WIDTH} is the spec's mobile breakpoint (overview-access-account.md 2.8,
 *   trackers.md 9): at 991 px and below the sidebar is a closable overlay, the mobile menu shows and
 *   the manage-tracker modal is full-screen.
 * - {@link NARROW_MAX_WIDTH}: at 767 px and below the dashboard shows a card per tracker instead of
 *   the table, and data tables show each row as a card. Between 768 and 991 px the content area
 *   (sidebar closed) is as wide as on a 1280 px laptop beside the open sidebar, about 960 px, where
 *   the table shows the name and six or more figures; below 768 px it would show the name and at
 *   most one or two, so cards take over there.
 *
 * styles.css and dashboard.css repeat these numbers in their `@media (max-width: ...)` rules.
 */
export const MOBILE_MAX_WIDTH = 991;
export const NARROW_MAX_WIDTH = 767;

export const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;
export const NARROW_QUERY = `(max-width: ${NARROW_MAX_WIDTH}px)`;

/**
 * One MediaQueryList per query (per `matchMedia` function, so a test's stub gets its own): reading
 * whether a query matches then makes no new list on every render.
 */
const lists = new WeakMap<typeof window.matchMedia, Map<string, MediaQueryList>>();

function mediaQueryList(query: string): MediaQueryList | undefined {
  const matchMedia = typeof window.matchMedia === "function" ? window.matchMedia : undefined;
  if (!matchMedia) return undefined;
  let byQuery = lists.get(matchMedia);
  if (!byQuery) {
    byQuery = new Map();
    lists.set(matchMedia, byQuery);
  }
  let list = byQuery.get(query);
  if (!list) {
    list = window.matchMedia(query);
    byQuery.set(query, list);
  }
  return list;
}

/** Whether `query` matches now; re-renders when it starts or stops matching. False without `matchMedia` (jsdom). */
export function useMediaQuery(query: string): boolean {
  // Subscribed once per query (a new subscribe function would re-subscribe at every render).
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaQueryList(query);
      if (!list) return () => undefined;
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaQueryList(query)?.matches === true,
    () => false,
  );
}
