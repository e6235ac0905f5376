import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setToken } from "../lib/api-client";
import { useUser } from "../lib/auth";

const USER = {
  _id: "u-1",
  name: "Ann",
  email: "ann@agency.test",
  userType: "Admin",
  account: { _id: "acc-1", name: "Agency" },
};

/** The API on the wire: the session answer and an empty list, every path asked recorded. */
function server() {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      calls.push(path);
      const body = path === "/api/auth" ? { user: USER, token: "renewed-token" } : { trackers: [] };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  return calls;
}

/** Runs the entry's first module afresh (its work happens on import). */
async function runEarlyRequests() {
  vi.resetModules();
  await import("./early-requests");
}

function renderUser() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useUser(), { wrapper }).result;
}

beforeEach(() => {
  localStorage.clear();
  setToken("session-token");
  localStorage.setItem("pacer.lastTrackerListAccount", "acc-1");
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  window.history.replaceState(null, "", "/");
});

describe("the entry's early requests", () => {
  it("start the session and the dashboard's list side by side before anything renders", async () => {
    window.history.replaceState(null, "", "/dashboard");
    const calls = server();

    await runEarlyRequests();

    expect(calls).toEqual(["/api/auth", "/api/trackers/get-trackers-by-account/acc-1"]);
  });

  it("start only the session on another page", async () => {
    window.history.replaceState(null, "", "/alerts");
    const calls = server();

    await runEarlyRequests();

    expect(calls).toEqual(["/api/auth"]);
  });

  it("start nothing without a stored session", async () => {
    window.history.replaceState(null, "", "/dashboard");
    setToken(null);
    const calls = server();

    await runEarlyRequests();

    expect(calls).toEqual([]);
  });

  it("give useUser the early session answer, its renewed token kept, without asking again", async () => {
    window.history.replaceState(null, "", "/alerts");
    const calls = server();
    await runEarlyRequests();
    const { useUser: freshUseUser } = await import("../lib/auth");
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );

    const result = renderHook(() => freshUseUser(), { wrapper }).result;

    await waitFor(() => expect(result.current.data?._id).toBe("u-1"));
    expect(calls).toEqual(["/api/auth"]);
    expect(localStorage.getItem("token")).toBe("renewed-token");
  });

  it("leave useUser to ask itself when no early request was made", async () => {
    const calls = server();

    const result = renderUser();

    await waitFor(() => expect(result.current.data?._id).toBe("u-1"));
    expect(calls).toEqual(["/api/auth"]);
  });
});
