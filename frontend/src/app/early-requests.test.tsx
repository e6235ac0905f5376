import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import pageScript from "../../public/early-requests.js?raw";
import { setToken } from "../lib/api-client";
import { useUser } from "../lib/auth";

const USER = {
  _id: "u-1",
  name: "Ann",
  email: "ann@agency.test",
  userType: "Admin",
  account: { _id: "acc-1", name: "Agency" },
};

/** The request headers of each call to the last {@link server}, in order. */
let sentHeaders: Record<string, string>[] = [];

/**
 * The API on the wire: the session answer (or `sessionStatus`) and an empty list, every path asked
 * recorded (and its headers in {@link sentHeaders}).
 */
function server(sessionStatus = 200) {
  const calls: string[] = [];
  const headers: Record<string, string>[] = [];
  sentHeaders = headers;
  const answer = (path: string) => {
    if (path !== "/api/auth") return new Response(JSON.stringify({ trackers: [] }), { status: 200 });
    if (sessionStatus !== 200)
      return new Response(JSON.stringify({ code: "UNAUTHORIZED", message: "Session expired" }), {
        status: sessionStatus,
      });
    return new Response(JSON.stringify({ user: USER, token: "renewed-token" }), { status: 200 });
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init?: RequestInit) => {
      calls.push(path);
      headers.push({ ...(init?.headers as Record<string, string>) });
      return answer(path);
    }),
  );
  return calls;
}

/** Runs index.html's first script (public/early-requests.js) as the browser does, before the entry. */
function runPageScript() {
  new Function(pageScript)();
}

/** Runs the entry's first module afresh (its work happens on import). */
async function runEarlyRequests() {
  vi.resetModules();
  await import("./early-requests");
}

/** Renders `use` (useUser, or the one of modules loaded afresh) in a new query client. */
function renderUser(use: typeof useUser = useUser) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => use(), { wrapper }).result;
}

/** Whether the dashboard page's code was asked for (the module is replaced: only the ask matters). */
let dashboardPageLoaded = false;

beforeEach(() => {
  dashboardPageLoaded = false;
  vi.doMock("./pages/dashboard-page", () => {
    dashboardPageLoaded = true;
    return { DashboardPage: () => null };
  });
  localStorage.clear();
  setToken("session-token");
  localStorage.setItem("pacer.lastTrackerListAccount", "acc-1");
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as unknown as Record<string, unknown>).__pacerEarly;
  localStorage.clear();
  window.history.replaceState(null, "", "/");
});

describe("the entry's early requests", () => {
  it("start the session and the dashboard's first page side by side before anything renders, its whole list once the first page has answered", async () => {
    window.history.replaceState(null, "", "/dashboard");
    const calls = server();

    await runEarlyRequests();

    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(calls).toEqual([
      "/api/auth",
      "/api/trackers/get-trackers-by-account/acc-1?first=100",
      "/api/trackers/get-trackers-by-account/acc-1",
    ]);
  });

  it("ask for the dashboard page's code on the dashboard only", async () => {
    window.history.replaceState(null, "", "/dashboard");
    server();
    await runEarlyRequests();
    await vi.waitFor(() => expect(dashboardPageLoaded).toBe(true));

    dashboardPageLoaded = false;
    window.history.replaceState(null, "", "/alerts");
    await runEarlyRequests();
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(dashboardPageLoaded).toBe(false);
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

  it.each([
    ["the entry", false],
    ["index.html's first script", true],
  ])(
    "give useUser the early session answer sent by %s, its renewed token kept, without asking again",
    async (_, byPageScript) => {
      window.history.replaceState(null, "", "/alerts");
      const calls = server();
      if (byPageScript) runPageScript();
      await runEarlyRequests();
      const { useUser: freshUseUser } = await import("../lib/auth");

      const result = renderUser(freshUseUser);

      await waitFor(() => expect(result.current.data?._id).toBe("u-1"));
      expect(calls).toEqual(["/api/auth"]);
      expect(localStorage.getItem("token")).toBe("renewed-token");
    },
  );

  it("give useUser the user at its first render when the early session answer is already in", async () => {
    window.history.replaceState(null, "", "/alerts");
    const calls = server();
    await runEarlyRequests();
    const { useUser: freshUseUser } = await import("../lib/auth");
    // The answer has arrived before anything renders (the app's code was still loading).
    await new Promise((resolve) => setTimeout(resolve, 20));

    const result = renderUser(freshUseUser);

    expect(result.current.isLoading).toBe(false);
    expect(result.current.data?._id).toBe("u-1");
    expect(localStorage.getItem("token")).toBe("renewed-token");
    expect(calls).toEqual(["/api/auth"]);
  });

  it("leave useUser to ask itself when no early request was made", async () => {
    const calls = server();

    const result = renderUser();

    await waitFor(() => expect(result.current.data?._id).toBe("u-1"));
    expect(calls).toEqual(["/api/auth"]);
  });
});

describe("index.html's first script", () => {
  it("sends the session, the dashboard's first page and its list with the app's headers, and the app takes the answers without asking again", async () => {
    window.history.replaceState(null, "", "/dashboard");
    server();
    await runEarlyRequests();
    const appHeaders = sentHeaders;
    const calls = server();

    runPageScript();
    await runEarlyRequests();
    const { takeEarlyAnswer } = await import("../lib/early-request");

    expect(calls).toEqual([
      "/api/auth",
      "/api/trackers/get-trackers-by-account/acc-1?first=100",
      "/api/trackers/get-trackers-by-account/acc-1",
    ]);
    expect(sentHeaders).toEqual(appHeaders);
    expect(
      await takeEarlyAnswer("trackers-first", "/api/trackers/get-trackers-by-account/acc-1?first=100"),
    ).toEqual({ trackers: [] });
    expect(await takeEarlyAnswer("trackers", "/api/trackers/get-trackers-by-account/acc-1")).toEqual({
      trackers: [],
    });
    expect(await takeEarlyAnswer("session", "/api/auth")).toEqual({ user: USER, token: "renewed-token" });
    expect(calls).toHaveLength(3);
  });

  it.each([
    ["index.html's first script", true],
    ["the entry", false],
  ])(
    "sends the dashboard's whole list only once its first page has answered (%s)",
    async (_, byPageScript) => {
      window.history.replaceState(null, "", "/dashboard");
      const calls: string[] = [];
      let answerFirstPage = () => {};
      const firstPageAnswered = new Promise<void>((resolve) => {
        answerFirstPage = resolve;
      });
      vi.stubGlobal(
        "fetch",
        vi.fn(async (path: string) => {
          calls.push(path);
          if (path.endsWith("?first=100")) await firstPageAnswered;
          return new Response(JSON.stringify(path === "/api/auth" ? { user: USER } : { trackers: [] }));
        }),
      );

      if (byPageScript) runPageScript();
      await runEarlyRequests();
      await new Promise((resolve) => setTimeout(resolve, 20));
      const before = [...calls];
      answerFirstPage();

      expect(before).toEqual(["/api/auth", "/api/trackers/get-trackers-by-account/acc-1?first=100"]);
      await vi.waitFor(() => expect(calls).toContain("/api/trackers/get-trackers-by-account/acc-1"));
      expect(calls).toHaveLength(3);
    },
  );

  it("leaves a refused session to the app's own request (the early answer is not used)", async () => {
    window.history.replaceState(null, "", "/alerts");
    server(401);
    runPageScript();
    await runEarlyRequests();
    const { takeEarlyAnswer } = await import("../lib/early-request");

    expect(await takeEarlyAnswer("session", "/api/auth")).toBeUndefined();
  });

  it("sends nothing without a stored session", async () => {
    window.history.replaceState(null, "", "/dashboard");
    setToken(null);
    const calls = server();

    runPageScript();
    await runEarlyRequests();

    expect(calls).toEqual([]);
  });

  it("preloads the dashboard's chunks the build names, on the dashboard only", () => {
    const meta = document.createElement("meta");
    meta.name = "pacer-dashboard-modules";
    meta.content = "/assets/dashboard-page-a1.js /assets/table-parts-b2.js";
    document.head.append(meta);
    const preloads = () =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
        (l) => new URL(l.href).pathname,
      );
    server();

    window.history.replaceState(null, "", "/alerts");
    runPageScript();
    const elsewhere = preloads();
    window.history.replaceState(null, "", "/dashboard");
    runPageScript();

    expect(elsewhere).toEqual([]);
    expect(preloads()).toEqual(["/assets/dashboard-page-a1.js", "/assets/table-parts-b2.js"]);
    for (const link of document.querySelectorAll('link[rel="modulepreload"]')) link.remove();
    meta.remove();
  });
});
