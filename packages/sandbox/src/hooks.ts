import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import { sendJson } from "./http-kit.ts";

/** The path prefix of the alert-channel receiver (`/hooks/<anything>`). */
export const HOOKS_PREFIX = "hooks";

/** One alert-channel delivery the sandbox received (Slack, Teams or signed webhook). */
export interface HookDelivery {
  /** Receipt order, from 1. */
  seq: number;
  /** ISO time of receipt. */
  at: string;
  /** The path below `/hooks` (the channel URL's path). */
  path: string;
  /** The status the sandbox answered (200, or an injected failure). */
  status: number;
  /** Request headers whose name starts with `x-pacer-`, and `content-type`. */
  headers: Record<string, string>;
  /** The raw body (what a signature is computed over). */
  body: string;
}

/** An injected failure: the next `times` deliveries answer `status` (default 500). */
export interface HookFault {
  times: number;
  status?: number;
}

/**
 * The sandbox's stand-in for Slack incoming webhooks, Teams Workflows webhooks and generic webhook
 * receivers: every POST under `/hooks/` is kept (newest last, at most 500) and answered 200 ("ok"
 * as Slack does) unless a fault is set; `POST /_sandbox/hooks/fail {times, status}` makes the next
 * deliveries fail, `POST /_sandbox/hooks/reset` forgets deliveries and faults, `GET /_sandbox/hooks`
 * lists them.
 */
export class HookReceiver {
  private deliveries: HookDelivery[] = [];
  private fault: HookFault | undefined;
  private seq = 0;

  /** Answers one delivery. */
  receive(
    method: string,
    path: string,
    headers: IncomingHttpHeaders,
    body: string,
    res: ServerResponse,
  ): void {
    if (method !== "POST") {
      sendJson(res, 405, { error: "method_not_allowed" });
      return;
    }
    let status = 200;
    if (this.fault && this.fault.times > 0) {
      this.fault.times--;
      status = this.fault.status ?? 500;
    }
    const kept: Record<string, string> = {};
    for (const [k, v] of Object.entries(headers)) {
      if ((k.startsWith("x-pacer-") || k === "content-type") && typeof v === "string") kept[k] = v;
    }
    this.deliveries.push({
      seq: ++this.seq,
      at: new Date().toISOString(),
      path,
      status,
      headers: kept,
      body,
    });
    if (this.deliveries.length > 500) this.deliveries.shift();
    res.writeHead(status, { "content-type": "text/plain" });
    res.end(status === 200 ? "ok" : "failed by the sandbox");
  }

  /** Every delivery kept, oldest first. */
  list(): HookDelivery[] {
    return [...this.deliveries];
  }

  /** Makes the next `times` deliveries answer `status` (default 500); `times` 0 clears the fault. */
  failNext(fault: HookFault): void {
    this.fault = fault.times > 0 ? { ...fault } : undefined;
  }

  reset(): void {
    this.deliveries = [];
    this.fault = undefined;
  }

  /** Handles `/_sandbox/hooks[/fail|/reset]`; false when the path is not one of them. */
  control(method: string, action: string | undefined, body: string, res: ServerResponse): boolean {
    if (method === "GET" && action === undefined) {
      sendJson(res, 200, this.list());
      return true;
    }
    if (method === "POST" && action === "fail") {
      let parsed: { times?: unknown; status?: unknown } = {};
      try {
        parsed = JSON.parse(body || "{}");
      } catch {
        sendJson(res, 400, { error: "invalid_json" });
        return true;
      }
      const times = Number(parsed.times ?? 1);
      const status = Number(parsed.status ?? 500);
      if (
        !Number.isInteger(times) ||
        times < 0 ||
        !Number.isInteger(status) ||
        status < 300 ||
        status > 599
      ) {
        sendJson(res, 400, { error: "times: integer >= 0; status: 300..599" });
        return true;
      }
      this.failNext({ times, status });
      sendJson(res, 200, { ok: true });
      return true;
    }
    if (method === "POST" && action === "reset") {
      this.reset();
      sendJson(res, 200, { ok: true });
      return true;
    }
    return false;
  }
}
