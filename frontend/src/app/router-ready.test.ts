import { createMemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { routerReady } from "./router-ready";

/** A router whose one page's code arrives after `codeMs` (never with `null`). */
function routerWithLazyPage(codeMs: number | null) {
  return createMemoryRouter(
    [
      {
        path: "/dashboard",
        lazy: () =>
          new Promise((resolve) => {
            if (codeMs !== null) setTimeout(() => resolve({ Component: () => null }), codeMs);
          }),
      },
    ],
    { initialEntries: ["/dashboard"] },
  );
}

describe("the first screen's wait for its page's code", () => {
  it("ends when the page's code is in, well before the longest wait", async () => {
    const router = routerWithLazyPage(20);

    // (The test's own time-out, shorter than the longest wait, fails it if the wait ran to its end.)
    await routerReady(router, 60_000);

    expect(router.state.initialized).toBe(true);
  });

  it("ends after the longest wait when the code is late, the router still loading it", async () => {
    const router = routerWithLazyPage(null);

    await routerReady(router, 30);

    expect(router.state.initialized).toBe(false);
  });

  it("ends at once for a page without lazy code", async () => {
    const router = createMemoryRouter([{ path: "/", Component: () => null }]);

    expect(router.state.initialized).toBe(true);
    await expect(routerReady(router, 60_000)).resolves.toBeUndefined();
  });
});
