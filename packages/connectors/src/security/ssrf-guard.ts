import { lookup as dnsLookup } from "node:dns/promises";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { BlockedHostError } from "../errors.ts";
import type { FetchLike } from "../http/http-client.ts";

/** A resolved address. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses (default: the system resolver, `dns.lookup` with `all`). */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

/** A request the transport must send to exactly `address` (TLS name and Host header: `url.hostname`). */
export interface PinnedRequest {
  url: URL;
  address: ResolvedAddress;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  timeoutMs: number;
  maxResponseBytes: number;
  signal: AbortSignal | undefined;
}

/** Options of {@link createSsrfSafeFetch}. */
export interface SsrfGuardOptions {
  lookup?: HostLookup;
  /** Sends the pinned request; default uses `node:https` with the checked address. Tests inject one. */
  transport?: (request: PinnedRequest) => Promise<Response>;
  /** Whole-request timeout, ms. Default 15,000. */
  timeoutMs?: number;
  /** Largest response, bytes. Default 10 MiB. */
  maxResponseBytes?: number;
}

const PLATFORM = "cake";
const BLOCKED_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa|intranet|corp|lan)$/i;

function blocked(reason: string): BlockedHostError {
  return new BlockedHostError(`user-given host refused: ${reason}`, { platform: PLATFORM, reason });
}

/**
 * True only for a globally routable unicast address. Refuses loopback, private (RFC 1918),
 * link-local (169.254/16, incl. 169.254.169.254), CGNAT (100.64/10), multicast, broadcast,
 * unspecified, reserved, benchmarking, and for IPv6 also unique-local, IPv4-mapped/-translated,
 * 6to4, Teredo and every other special range ipaddr.js knows.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  return parsed.range() === "unicast";
}

/**
 * Checks a user-given URL before any network use: https only, port 443 only, no user info, a
 * dotted host name that is not a local name, and an IP literal (however spelled: the WHATWG URL
 * parser turns decimal, hex and octal forms into dotted quads) must be public.
 * @throws BlockedHostError
 */
export function checkUserUrl(raw: string | URL): URL {
  let url: URL;
  try {
    url = new URL(String(raw));
  } catch {
    throw blocked("not_a_url");
  }
  if (url.protocol !== "https:") throw blocked("not_https");
  if (url.port !== "" && url.port !== "443") throw blocked("port_not_443");
  if (url.username || url.password) throw blocked("userinfo");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (ipaddr.isValid(host)) {
    if (!isPublicAddress(host)) throw blocked("private_address");
    return url;
  }
  if (!host.includes(".") || BLOCKED_NAMES.test(host.replace(/\.$/, ""))) throw blocked("local_name");
  return url;
}

/**
 * A user-typed Cake domain ("demo.cakemarketing.com", "https://demo.cakemarketing.com/") -> host name.
 * @throws BlockedHostError when it is not a plain public https host
 */
export function normaliseUserDomain(input: string): string {
  const text = input.trim();
  const url = checkUserUrl(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  if ((url.pathname !== "/" && url.pathname !== "") || url.search || url.hash) throw blocked("not_a_domain");
  return url.hostname.toLowerCase();
}

const systemLookup: HostLookup = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/**
 * Resolves `hostname` and returns the address to connect to. Every answer must be public: one
 * private answer refuses the host (a name that mixes public and private addresses is an attack).
 * @throws BlockedHostError
 */
export async function resolvePublicAddress(
  hostname: string,
  lookup: HostLookup = systemLookup,
): Promise<ResolvedAddress> {
  const host = hostname.replace(/^\[|\]$/g, "");
  if (ipaddr.isValid(host)) {
    if (!isPublicAddress(host)) throw blocked("private_address");
    return { address: host, family: ipaddr.parse(host).kind() === "ipv6" ? 6 : 4 };
  }
  let answers: ResolvedAddress[];
  try {
    answers = await lookup(host);
  } catch {
    throw blocked("dns_failed");
  }
  if (answers.length === 0) throw blocked("dns_empty");
  for (const a of answers) if (!isPublicAddress(a.address)) throw blocked("private_address");
  return answers[0] as ResolvedAddress;
}

/**
 * A `fetch` for user-given hosts: checks the URL, resolves and checks the address, then connects
 * to that very address (no second DNS lookup, so no rebinding window), refuses redirects, and
 * bounds time and size. Used by the Cake connector inside the shared HTTP layer.
 */
export function createSsrfSafeFetch(options: SsrfGuardOptions = {}): FetchLike {
  const lookup = options.lookup ?? systemLookup;
  const transport = options.transport ?? pinnedHttpsTransport;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxResponseBytes = options.maxResponseBytes ?? 10 * 1024 * 1024;
  return async (input, init) => {
    const url = checkUserUrl(input);
    const address = await resolvePublicAddress(url.hostname, lookup);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => {
      headers[k] = v;
    });
    const response = await transport({
      url,
      address,
      method: init.method ?? "GET",
      headers,
      body: typeof init.body === "string" ? init.body : undefined,
      timeoutMs,
      maxResponseBytes,
      signal: init.signal ?? undefined,
    });
    if (response.status >= 300 && response.status < 400) throw blocked("redirect");
    return response;
  };
}

/** Sends a {@link PinnedRequest} over TLS to the checked address, verifying the certificate for the host name. */
export function pinnedHttpsTransport(request: PinnedRequest): Promise<Response> {
  const pinned: LookupFunction = (_hostname, opts, callback) => {
    const { address, family } = request.address;
    if ((opts as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, [{ address, family }]);
    } else {
      callback(null, address, family);
    }
  };
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        protocol: "https:",
        hostname: request.url.hostname,
        servername: request.url.hostname,
        port: 443,
        path: `${request.url.pathname}${request.url.search}`,
        method: request.method,
        headers: request.headers,
        lookup: pinned,
        timeout: request.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > request.maxResponseBytes) {
            req.destroy(blocked("response_too_large"));
            return;
          }
          chunks.push(chunk);
        });
        res.on("end", () => {
          const headers = new Headers();
          for (const [k, v] of Object.entries(res.headers)) {
            if (typeof v === "string") headers.set(k, v);
            else if (Array.isArray(v)) headers.set(k, v.join(", "));
          }
          const status = res.statusCode ?? 502;
          const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
          resolve(new Response(body, { status, headers }));
        });
        res.on("error", reject);
      },
    );
    const timer = setTimeout(() => req.destroy(new Error("timeout")), request.timeoutMs);
    req.on("close", () => clearTimeout(timer));
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    request.signal?.addEventListener("abort", () => req.destroy(new Error("aborted")), { once: true });
    if (request.body !== undefined) req.write(request.body);
    req.end();
  });
}
