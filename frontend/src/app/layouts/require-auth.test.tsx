import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { takeRedirect } from "../../lib/redirect";
import { RequireAuth } from "./require-auth";

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/login", element: <p>Login page</p> },
      {
        element: <RequireAuth />,
        children: [
          { path: "/alerts", element: <p>Alerts page</p> },
          { path: "/", element: <p>Home</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe("RequireAuth", () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("sends a visitor without a token to /login and remembers the requested path once", async () => {
    const router = renderAt("/alerts?tab=1");
    await screen.findByText("Login page");
    expect(router.state.location.pathname).toBe("/login");
    expect(takeRedirect()).toBe("/alerts?tab=1");
    expect(takeRedirect()).toBeNull();
  });

  it("does not remember / as a redirect target", async () => {
    renderAt("/");
    await screen.findByText("Login page");
    expect(takeRedirect()).toBeNull();
  });

  it("does not redirect while the user is loading, then shows the page", async () => {
    localStorage.setItem("token", "a.b.c");
    let answer: (value: Response) => void = () => undefined;
    vi.stubGlobal("fetch", () => new Promise<Response>((done) => (answer = done)));
    const router = renderAt("/alerts");
    await screen.findByText("Loading your account...");
    expect(router.state.location.pathname).toBe("/alerts");
    answer(
      new Response(
        JSON.stringify({
          user: {
            _id: "u1",
            name: "Ann",
            email: "a@b.c",
            userType: "Admin",
            account: { _id: "a1", name: "Co" },
          },
        }),
        {
          status: 200,
        },
      ),
    );
    await screen.findByText("Alerts page");
  });

  it("sends to /login when the server refuses the session (401)", async () => {
    localStorage.setItem("token", "a.b.c");
    vi.stubGlobal(
      "fetch",
      async () =>
        new Response(JSON.stringify({ message: "Please login to access this space" }), { status: 401 }),
    );
    const router = renderAt("/alerts");
    await screen.findByText("Login page");
    expect(router.state.location.pathname).toBe("/login");
  });
});
