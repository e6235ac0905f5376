import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NARROW_QUERY, useMediaQuery } from "./breakpoints";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A `matchMedia` whose one list starts as `matches` and reports changes to its listeners. */
function fakeMatchMedia(matches: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    matches,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  const matchMedia = vi.fn(() => list);
  vi.stubGlobal("matchMedia", matchMedia);
  return {
    matchMedia,
    change(next: boolean) {
      list.matches = next;
      for (const listener of listeners) listener();
    },
  };
}

describe("useMediaQuery", () => {
  it("follows the query as it starts and stops matching, with one media query list however often it renders", () => {
    const media = fakeMatchMedia(false);
    const { result, rerender } = renderHook(() => useMediaQuery(NARROW_QUERY));
    for (let i = 0; i < 5; i++) rerender();

    expect(result.current).toBe(false);
    act(() => media.change(true));
    expect(result.current).toBe(true);
    act(() => media.change(false));
    expect(result.current).toBe(false);
    expect(media.matchMedia).toHaveBeenCalledTimes(1);
  });
});
