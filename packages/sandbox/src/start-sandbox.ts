import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import {
  defaultControls,
  type FaultKind,
  type PlatformControls,
  PlatformState,
  type PlatformStats,
  seededRandom,
} from "./controls.ts";
import { CampaignSchedules } from "./data/campaign-schedules.ts";
import { CampaignWrites } from "./data/campaign-writes.ts";
import { type DemoAccount, demoAccountsOf } from "./data/demo-accounts.ts";
import { defaultDataDir, loadSourceData, type SourceData } from "./data/source-rows.ts";
import { HOOKS_PREFIX, HookReceiver } from "./hooks.ts";
import { Router, readBody, type SandboxRequest, sendJson } from "./http-kit.ts";
import { IdTokenSigner } from "./id-token-signer.ts";
import { OAuthProblem, sendOAuthProblem } from "./oauth-server.ts";
import { PLATFORMS } from "./platforms/index.ts";
import type { PlatformModule } from "./platforms/platform-module.ts";
import { SLACK_PREFIX, SlackAppStandIn } from "./slack-app.ts";

/** Options of {@link startSandbox}. */
export interface SandboxOptions {
  /** Port to listen on (127.0.0.1). Default 0: any free port. */
  port?: number;
  /** Folder holding `marketing-feb2021-daily-campaigns.csv`. Default `shared/data` beside the repository. */
  dataDir?: string;
  /** Latency added to every answer of every platform, ms (per-platform controls override). Default 0. */
  latencyMs?: number;
  /** Initial controls per platform prefix (latency, rate limit, faults). */
  faults?: Record<string, Partial<PlatformControls>>;
  /** The sandbox clock; "today" per account time zone derives from it. Default: the real clock. */
  now?: () => Date;
  /** Seed of the fault PRNG (reproducible fault patterns). Default 1. */
  seed?: number;
}

/** The running sandbox. */
export interface SandboxHandle {
  /** `http://127.0.0.1:<port>`: give it to `sandboxConnectorConfig` of `@pacer/connectors/sandbox-config`. */
  url: string;
  port: number;
  /** The platform prefixes served. */
  platforms: string[];
  /** The replayed source rows (to compute expected figures with `accountDays`). */
  source: SourceData;
  /** Demo accounts of a platform. */
  accounts(platform: string): DemoAccount[];
  /** Changes a platform's controls at run time (faults replace the list). */
  setControls(platform: string, controls: Partial<PlatformControls>): void;
  /** Puts every platform back to the start options. */
  resetControls(): void;
  /** Counters per platform. */
  stats(): Record<string, PlatformStats>;
  resetStats(): void;
  /** Revokes every token of a platform (the user removed the app at the platform). */
  revokeAll(platform: string): void;
  /** Expires every access token of a platform (forces a refresh). */
  expireAccessTokens(platform: string): void;
  /** The sandbox clock. */
  now(): Date;
  /** The alert-channel receiver (`/hooks/...`): Slack, Teams and webhook deliveries, and its faults. */
  hooks: HookReceiver;
  /**
   * The campaign writes the platforms accepted (status, daily budget), which the replay obeys;
   * `writes.refuse(platform)` makes a platform refuse writes as without the write scope.
   */
  writes: CampaignWrites;
  /** Campaign end dates (`schedules.end(platform, accountId, campaignId, "yyyy-MM-dd")`): Google Ads serves ENDED after one. */
  schedules: CampaignSchedules;
  close(): Promise<void>;
}

/**
 * Starts the sandbox ad platforms on 127.0.0.1: one HTTP server, each platform under its own
 * prefix (`/googleads/...`, `/facebookads/...`, `/google-identity/...`), control endpoints under
 * `/_sandbox/...`, the alert-channel receiver under `/hooks/...` (`hooks.ts`), the Slack app's OAuth install under
 * `/slack/...` (`slack-app.ts`). See the package README for routes, data mapping and fault injection.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  const now = options.now ?? (() => new Date());
  const source = loadSourceData(options.dataDir ?? defaultDataDir());
  const signer = new IdTokenSigner();
  const writes = new CampaignWrites();
  const schedules = new CampaignSchedules();
  let baseUrl = "";
  const random = seededRandom(options.seed ?? 1);
  const initial = (prefix: string): PlatformControls => ({
    ...defaultControls(options.latencyMs ?? 0),
    ...options.faults?.[prefix],
  });

  const modules = new Map<string, { module: PlatformModule; router: Router; state: PlatformState }>();
  for (const [prefix, factory] of Object.entries(PLATFORMS)) {
    const module = factory({
      baseUrl: () => baseUrl,
      source,
      now,
      signer,
      accounts: demoAccountsOf(prefix),
      writes,
      schedules,
    });
    modules.set(prefix, {
      module,
      router: new Router(module.routes),
      state: new PlatformState(initial(prefix), random),
    });
  }
  const platform = (prefix: string) => {
    const entry = modules.get(prefix);
    if (!entry) throw new Error(`unknown sandbox platform ${prefix}`);
    return entry;
  };

  const slack = new SlackAppStandIn(now);
  const sockets = new Set<Socket>();
  const hanging = new Set<NodeJS.Timeout>();

  const handle: SandboxHandle = {
    url: "",
    port: 0,
    platforms: [...modules.keys()],
    source,
    accounts: (p) => demoAccountsOf(p),
    setControls: (p, controls) => platform(p).state.update(controls),
    resetControls: () => {
      for (const [prefix, entry] of modules)
        entry.state.update({ ...defaultControls(options.latencyMs ?? 0), ...initial(prefix) });
    },
    stats: () => Object.fromEntries([...modules].map(([p, e]) => [p, structuredClone(e.state.stats)])),
    resetStats: () => {
      for (const entry of modules.values()) {
        const inFlight = entry.state.stats.inFlight;
        entry.state.stats = {
          ...new PlatformState(defaultControls(), random).stats,
          inFlight,
          maxInFlight: inFlight,
        };
      }
    },
    revokeAll: (p) => platform(p).module.oauth?.revokeAll(),
    expireAccessTokens: (p) => platform(p).module.oauth?.expireAccessTokens(),
    now,
    hooks: new HookReceiver(),
    writes,
    schedules,
    close: async () => {
      for (const t of hanging) clearTimeout(t);
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const control = async (req: IncomingMessage, res: ServerResponse, url: URL, body: string) => {
    const parts = url.pathname.split("/").filter(Boolean); // ["_sandbox", what, platform?]
    const [, what, target] = parts;
    if (req.method === "GET" && what === "health")
      return sendJson(res, 200, { ok: true, platforms: handle.platforms });
    if (req.method === "GET" && what === "stats") return sendJson(res, 200, handle.stats());
    if (req.method === "GET" && what === "accounts") {
      return sendJson(res, 200, Object.fromEntries(handle.platforms.map((p) => [p, demoAccountsOf(p)])));
    }
    if (what === HOOKS_PREFIX && handle.hooks.control(req.method ?? "GET", target, body, res)) return;
    if (req.method === "POST" && what === "reset") {
      handle.resetControls();
      handle.resetStats();
      handle.writes.reset();
      return sendJson(res, 200, { ok: true });
    }
    if (target && modules.has(target)) {
      if ((req.method === "POST" || req.method === "PUT") && what === "controls") {
        handle.setControls(target, JSON.parse(body || "{}") as Partial<PlatformControls>);
        return sendJson(res, 200, platform(target).state.controls);
      }
      if (req.method === "GET" && what === "controls")
        return sendJson(res, 200, platform(target).state.controls);
      if (req.method === "POST" && what === "revoke") {
        handle.revokeAll(target);
        return sendJson(res, 200, { ok: true });
      }
      if (req.method === "POST" && what === "expire") {
        handle.expireAccessTokens(target);
        return sendJson(res, 200, { ok: true });
      }
      if (req.method === "POST" && what === "refuse-writes") {
        const { refuse = true } = JSON.parse(body || "{}") as { refuse?: boolean };
        handle.writes.refuse(target, refuse);
        return sendJson(res, 200, { ok: true, refuse });
      }
    }
    sendJson(res, 404, { error: "not_found" });
  };

  const server = createServer((req, res) => {
    void serve(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: "sandbox_failure", message: String(error) });
      else res.destroy();
    });
  });

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", baseUrl);
    const body = await readBody(req);
    const [prefix = ""] = url.pathname.split("/").filter(Boolean);
    if (prefix === "_sandbox") return control(req, res, url, body);
    if (prefix === HOOKS_PREFIX) {
      const path = url.pathname.slice(prefix.length + 1) || "/";
      return handle.hooks.receive(req.method ?? "GET", path, req.headers, body, res);
    }
    if (prefix === SLACK_PREFIX) {
      const path = url.pathname.slice(prefix.length + 1) || "/";
      const form = /application\/x-www-form-urlencoded/.test(req.headers["content-type"] ?? "")
        ? new URLSearchParams(body)
        : new URLSearchParams();
      return slack.handle(req.method ?? "GET", path, url.searchParams, form, res);
    }
    const entry = modules.get(prefix);
    if (!entry) return sendJson(res, 404, { error: "unknown_platform" });
    const path = url.pathname.slice(prefix.length + 1) || "/";
    const matched = entry.router.match(req.method ?? "GET", path);
    const { state, module } = entry;
    const kind = matched?.route.kind ?? "api";
    state.stats.calls++;
    state.stats[kind === "token" ? "tokenCalls" : kind === "page" ? "pageCalls" : "apiCalls"]++;
    const routeKey = `${req.method} ${matched?.route.pattern ?? "(unmatched)"}`;
    state.stats.byRoute[routeKey] = (state.stats.byRoute[routeKey] ?? 0) + 1;
    state.stats.inFlight++;
    state.stats.maxInFlight = Math.max(state.stats.maxInFlight, state.stats.inFlight);
    res.on("close", () => {
      state.stats.inFlight--;
    });

    if (state.controls.latencyMs > 0) await new Promise((r) => setTimeout(r, state.controls.latencyMs));
    if (kind !== "page") {
      const retryAfter = state.rateLimited(Date.now());
      if (retryAfter !== undefined) return module.rateLimited(res, retryAfter);
      const fault = state.pickFault(kind);
      if (fault) return inject(fault, kind, module, res, state.controls.hangMs);
    }
    if (!matched)
      return sendJson(res, 404, { error: { code: 404, message: "Not Found", status: "NOT_FOUND" } });
    const form = /application\/x-www-form-urlencoded/.test(req.headers["content-type"] ?? "")
      ? new URLSearchParams(body)
      : new URLSearchParams();
    let json: unknown;
    if (/json/.test(req.headers["content-type"] ?? "")) {
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
    }
    const authz = req.headers.authorization;
    const sreq: SandboxRequest = {
      method: req.method ?? "GET",
      url,
      path,
      params: matched.params,
      headers: req.headers,
      body,
      form,
      json,
      bearer: authz?.startsWith("Bearer ")
        ? authz.slice(7)
        : (url.searchParams.get("access_token") ?? undefined),
    };
    await matched.route.handle(sreq, res);
  }

  function inject(
    fault: FaultKind,
    kind: "api" | "token",
    module: PlatformModule,
    res: ServerResponse,
    hangMs: number,
  ) {
    switch (fault) {
      case "500":
        return module.serverError(res);
      case "429":
        return module.rateLimited(res, 1);
      case "malformed":
        res.writeHead(200, { "content-type": "application/json" });
        res.end('{"results": [ {"truncated');
        return;
      case "invalid_grant":
        return kind === "token"
          ? sendOAuthProblem(
              res,
              new OAuthProblem("invalid_grant", 400, "Token has been expired or revoked."),
            )
          : module.authFailure(res);
      case "timeout": {
        const timer = setTimeout(() => {
          hanging.delete(timer);
          res.destroy();
        }, hangMs);
        hanging.add(timer);
        res.on("close", () => {
          clearTimeout(timer);
          hanging.delete(timer);
        });
        return;
      }
    }
  }

  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;
  handle.url = baseUrl;
  handle.port = port;
  return handle;
}
