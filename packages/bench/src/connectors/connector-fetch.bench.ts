import { createConnectors } from "@pacer/connectors/registry";
import { sandboxConnectorConfig } from "@pacer/connectors/sandbox-config";
import type { Connector, MetricsQuery, OAuthTokens } from "@pacer/connectors/types";
import { approveConsent, startSandbox } from "@pacer/sandbox";
import type { Bench, BenchResult } from "../bench.ts";
import { msSince } from "../bench.ts";

const LATENCY_MS = 150;
const CAP = 10;
const JOBS_PER_PLATFORM = 200;
const NOW = new Date("2026-03-18T10:00:00Z");

/** Runs `jobs` with at most `cap` in flight. */
async function capped<T>(jobs: Array<() => Promise<T>>, cap: number): Promise<PromiseSettledResult<T>[]> {
  const results: PromiseSettledResult<T>[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: cap }, async () => {
      while (next < jobs.length) {
        const i = next++;
        try {
          results[i] = { status: "fulfilled", value: await (jobs[i] as () => Promise<T>)() };
        } catch (reason) {
          results[i] = { status: "rejected", reason };
        }
      }
    }),
  );
  return results;
}

async function connect(connector: Connector, redirectUri: string): Promise<OAuthTokens> {
  const { url, codeVerifier } = connector.authorizeUrl({ state: "bench", redirectUri });
  const back = await approveConsent(url);
  const code = back.searchParams.get("code") ?? "";
  return (await connector.exchangeCode({ code, redirectUri, codeVerifier })).tokens;
}

/**
 * Month-to-date plus restatement fetches (the refresh worker's steady-state call) through the
 * connectors against the sandbox with 150 ms latency per call and 10 concurrent calls per
 * platform, first clean, then with 30% of calls failing (500, 429, timeout, malformed). Reports wall
 * time against the lower bound (calls / cap x latency) and the share of jobs that still succeeded.
 */
const bench: Bench = async (): Promise<BenchResult> => {
  const sandbox = await startSandbox({ now: () => NOW, latencyMs: LATENCY_MS });
  try {
    const connectors = createConnectors(
      sandboxConnectorConfig(sandbox.url, {
        now: () => NOW.getTime(),
        timeoutMs: 2_000,
        retry: { baseDelayMs: 100, maxDelayMs: 1_000 },
      }),
    );
    const platforms: Array<{ slug: "googleads" | "facebookads"; account: string; ret: string }> = [
      { slug: "googleads", account: "1112223333", ret: "https://app.pacer.test/google-ads-response" },
      {
        slug: "facebookads",
        account: "101000000000001",
        ret: "https://app.pacer.test/facebook-ads-response",
      },
    ];
    const tokens = new Map<string, OAuthTokens>();
    for (const p of platforms) tokens.set(p.slug, await connect(connectors[p.slug], p.ret));
    const query: Omit<MetricsQuery, "account"> = { from: "2026-03-01", to: "2026-03-18" };

    const run = async () => {
      sandbox.resetStats();
      const started = performance.now();
      const outcomes = await Promise.all(
        platforms.map((p) =>
          capped(
            Array.from(
              { length: JOBS_PER_PLATFORM },
              () => () =>
                connectors[p.slug].fetchDailyMetrics(tokens.get(p.slug) as OAuthTokens, {
                  account: { id: p.account },
                  ...query,
                }),
            ),
            CAP,
          ),
        ),
      );
      const wallMs = msSince(started);
      const stats = sandbox.stats();
      const calls = platforms.map((p) => stats[p.slug]?.apiCalls ?? 0);
      const lowerBoundMs = Math.max(...calls.map((c) => (c / CAP) * LATENCY_MS));
      const ok = outcomes.flat().filter((o) => o.status === "fulfilled").length;
      const maxInFlight = Math.max(...platforms.map((p) => stats[p.slug]?.maxInFlight ?? 0));
      return { wallMs, calls: calls.reduce((a, b) => a + b, 0), lowerBoundMs, ok, maxInFlight };
    };

    const clean = await run();
    for (const p of platforms) {
      sandbox.setControls(p.slug, {
        faults: [
          { kind: "500", rate: 0.1, on: "api" },
          { kind: "429", rate: 0.1, on: "api" },
          { kind: "timeout", rate: 0.05, on: "api" },
          { kind: "malformed", rate: 0.05, on: "api" },
        ],
        hangMs: 10_000,
      });
    }
    const faulty = await run();
    const jobs = JOBS_PER_PLATFORM * platforms.length;
    const ratio = (r: { wallMs: number; lowerBoundMs: number }) => r.wallMs / r.lowerBoundMs;
    return {
      title: "Connector fetches against the sandbox (Google Ads + Meta)",
      setup:
        `${jobs} month-to-date fetchDailyMetrics calls (${JOBS_PER_PLATFORM} per platform), ${LATENCY_MS} ms sandbox ` +
        `latency per call, at most ${CAP} concurrent calls per platform; then the same with ~30% of API calls failing ` +
        "(10% 500, 10% 429, 5% timeout at a 2 s client timeout, 5% malformed body).",
      rows: [
        { metric: "clean: wall time", value: `${clean.wallMs} ms` },
        { metric: "clean: platform calls", value: String(clean.calls) },
        {
          metric: "clean: ratio to lower bound",
          value: `${ratio(clean).toFixed(2)}x`,
          target: "<= 5x",
          met: ratio(clean) <= 5,
        },
        { metric: "clean: jobs succeeded", value: `${clean.ok}/${jobs}` },
        { metric: "faulty: wall time", value: `${faulty.wallMs} ms` },
        { metric: "faulty: platform calls (incl. retries)", value: String(faulty.calls) },
        { metric: "faulty: ratio to lower bound", value: `${ratio(faulty).toFixed(2)}x` },
        { metric: "faulty: jobs succeeded after retries", value: `${faulty.ok}/${jobs}` },
        {
          metric: "max concurrent calls per platform",
          value: String(Math.max(clean.maxInFlight, faulty.maxInFlight)),
          target: `<= ${CAP}`,
          met: Math.max(clean.maxInFlight, faulty.maxInFlight) <= CAP,
        },
      ],
      notes: [
        "Lower bound = platform calls / cap x latency for the busiest platform. Meta needs 2 calls per fetch (insights + account time zone) unless the tracker's view carries currency and time zone.",
        "Failed jobs in the faulty run exhausted 4 attempts; the refresh worker requeues them (retryable errors).",
      ],
    };
  } finally {
    await sandbox.close();
  }
};

export default bench;
