import { describe, expect, it } from "vitest";
import { SSRF_URL_CORPUS } from "../../testing/ssrf-corpus.ts";
import { BlockedHostError } from "../errors.ts";
import { HttpClient } from "../http/http-client.ts";
import {
  checkUserUrl,
  createSsrfSafeFetch,
  type HostLookup,
  isPublicAddress,
  normaliseUserDomain,
  type PinnedRequest,
} from "./ssrf-guard.ts";

/** Names a hostile user could register, each resolving to an internal address. */
const DNS: Record<string, string[]> = {
  "internal.attacker.example": ["10.0.0.5"],
  "metadata.attacker.example": ["169.254.169.254"],
  "loopback.attacker.example": ["127.0.0.1"],
  "v6loop.attacker.example": ["::1"],
  "mapped.attacker.example": ["::ffff:127.0.0.1"],
  "cgnat.attacker.example": ["100.64.1.1"],
  "mixed.attacker.example": ["93.184.216.34", "192.168.1.10"],
  "ula.attacker.example": ["fd00::1"],
  "public.cake.example": ["93.184.216.34"],
};
const lookup: HostLookup = async (host) => {
  const answers = DNS[host];
  if (!answers) throw new Error("ENOTFOUND");
  return answers.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
};

/** Every entry must be refused: the shared corpus, and host names this test's DNS answers with internal addresses. */
const CORPUS = [
  ...SSRF_URL_CORPUS,
  "https://loopback.attacker.example/",
  "https://v6loop.attacker.example/",
  "https://mapped.attacker.example/",
  "https://cgnat.attacker.example/",
  "https://mixed.attacker.example/",
  "https://ula.attacker.example/",
];

function aTransport(answer: () => Response) {
  const sent: PinnedRequest[] = [];
  const transport = async (request: PinnedRequest) => {
    sent.push(request);
    return answer();
  };
  return { sent, transport };
}

describe("SSRF guard", () => {
  it(`refuses 100% of the corpus (${CORPUS.length} URLs) without sending anything`, async () => {
    const { sent, transport } = aTransport(() => new Response("{}"));
    const guarded = createSsrfSafeFetch({ lookup, transport });
    const outcomes = await Promise.all(
      CORPUS.map((url) =>
        guarded(url, { method: "GET" }).then(
          () => "allowed",
          (e: unknown) => (e instanceof BlockedHostError ? "refused" : `other: ${String(e)}`),
        ),
      ),
    );
    const allowed = CORPUS.filter((_, i) => outcomes[i] !== "refused");
    expect(allowed).toEqual([]);
    expect(sent).toHaveLength(0);
  });

  it("refuses redirects, even to a public host, after one request", async () => {
    const { sent, transport } = aTransport(
      () => new Response(null, { status: 302, headers: { location: "http://169.254.169.254/latest" } }),
    );
    const guarded = createSsrfSafeFetch({ lookup, transport });
    await expect(guarded("https://public.cake.example/api", { method: "GET" })).rejects.toMatchObject({
      code: "blocked_host",
      reason: "redirect",
    });
    expect(sent).toHaveLength(1);
  });

  it("connects to the checked address, keeping the host name for TLS (no second lookup)", async () => {
    let lookups = 0;
    const counting: HostLookup = async (h) => {
      lookups++;
      return lookup(h);
    };
    const { sent, transport } = aTransport(() => new Response('{"d":{"success":true}}'));
    const guarded = createSsrfSafeFetch({
      lookup: counting,
      transport,
      timeoutMs: 1234,
      maxResponseBytes: 4096,
    });
    const response = await guarded("https://public.cake.example/api/1/x.asmx?a=1", {
      method: "POST",
      body: "{}",
    });
    expect(await response.json()).toEqual({ d: { success: true } });
    expect(lookups).toBe(1);
    expect(sent[0]).toMatchObject({
      address: { address: "93.184.216.34", family: 4 },
      method: "POST",
      body: "{}",
      timeoutMs: 1234,
      maxResponseBytes: 4096,
    });
    expect(sent[0]?.url.hostname).toBe("public.cake.example");
  });

  it("surfaces a refusal through the shared HTTP layer as a non-retried BlockedHostError", async () => {
    const { transport } = aTransport(() => new Response("{}"));
    const http = new HttpClient({
      platform: "cake",
      fetch: createSsrfSafeFetch({ lookup, transport }),
      followRedirects: false,
    });
    const error = await http
      .json({ operation: "x", url: "https://internal.attacker.example/" }, (b) => b)
      .catch((e) => e);
    expect(error).toBeInstanceOf(BlockedHostError);
    expect(error).toMatchObject({ retryable: false, attempts: 1 });
  });

  it("normalises a typed domain and refuses paths and internal names", () => {
    expect(normaliseUserDomain(" Demo.CakeMarketing.com ")).toBe("demo.cakemarketing.com");
    expect(normaliseUserDomain("https://demo.cakemarketing.com/")).toBe("demo.cakemarketing.com");
    expect(() => normaliseUserDomain("demo.cakemarketing.com/api?x=1")).toThrow(BlockedHostError);
    expect(() => normaliseUserDomain("http://demo.cakemarketing.com")).toThrow(BlockedHostError);
    expect(() => normaliseUserDomain("127.0.0.1")).toThrow(BlockedHostError);
    expect(checkUserUrl("https://demo.cakemarketing.com:443/x").hostname).toBe("demo.cakemarketing.com");
  });

  it("classifies addresses", () => {
    expect(isPublicAddress("93.184.216.34")).toBe(true);
    expect(isPublicAddress("2606:2800:220:1:248:1893:25c8:1946")).toBe(true);
    for (const a of [
      "127.0.0.1",
      "10.0.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "::1",
      "::ffff:8.8.8.8",
      "fe80::1",
      "nonsense",
    ]) {
      expect(isPublicAddress(a)).toBe(false);
    }
  });
});
