import { Tracer } from "@aws-lambda-powertools/tracer";
import { SQSClient } from "@aws-sdk/client-sqs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { xrayTracingOn } from "./tracer.ts";

/**
 * `startXrayTracing` of `xray-tracing.ts`, awaited at every ask for a platform connector
 * (`connectorsOf`): the X-Ray SDK (and its async hook) is loaded and installed only where the
 * Powertools Tracer would trace and only for an invocation X-Ray samples; clients built before are
 * traced from then on, and the handler middleware picks it up at the next invocation.
 */

/** Lambda's trace header of a sampled invocation, and of one X-Ray does not sample. */
const SAMPLED = "Root=1-5759e988-bd862e3fe1be46a994272793;Parent=557abcec3ee5a047;Sampled=1";
const UNSAMPLED = "Root=1-5759e988-bd862e3fe1be46a994272794;Parent=557abcec3ee5a048;Sampled=0";
const LAMBDA = { AWS_EXECUTION_ENV: "AWS_Lambda_nodejs22.x", _X_AMZN_TRACE_ID: SAMPLED };

const ENVIRONMENTS: Record<string, string | undefined>[] = [
  {},
  { AWS_EXECUTION_ENV: "AWS_Lambda_nodejs22.x" },
  { AWS_EXECUTION_ENV: "AWS_Lambda_nodejs22.x", POWERTOOLS_TRACE_ENABLED: "false" },
  { AWS_EXECUTION_ENV: "AWS_Lambda_nodejs22.x", POWERTOOLS_TRACE_ENABLED: "FALSE" },
  { AWS_EXECUTION_ENV: "AWS_Lambda_nodejs22.x", POWERTOOLS_TRACE_ENABLED: "true" },
  { AWS_EXECUTION_ENV: "AWS_Lambda_nodejs22.x", AWS_SAM_LOCAL: "true" },
  { AWS_EXECUTION_ENV: "AWS_Lambda_amplify-mock" },
  { POWERTOOLS_TRACE_ENABLED: "true" },
];

const stub = (env: Record<string, string | undefined>) => {
  for (const key of ["AWS_EXECUTION_ENV", "POWERTOOLS_TRACE_ENABLED", "AWS_SAM_LOCAL", "_X_AMZN_TRACE_ID"]) {
    vi.stubEnv(key, env[key] ?? "");
  }
};

/** The Powertools Tracer, recording the clients it captures and how many Tracers were built. */
const recordingTracer = () => {
  const captured: unknown[] = [];
  const built = { count: 0 };
  vi.doMock("@aws-lambda-powertools/tracer", async (original) => {
    const actual = await original<typeof import("@aws-lambda-powertools/tracer")>();
    class RecordingTracer extends actual.Tracer {
      constructor(...args: ConstructorParameters<typeof actual.Tracer>) {
        super(...args);
        built.count++;
      }
      override captureAWSv3Client<T>(client: T): T {
        captured.push(client);
        return client;
      }
    }
    return { ...actual, Tracer: RecordingTracer };
  });
  return { captured, built };
};

/**
 * Inside Lambda in an invocation X-Ray does not sample, with the recording Tracer and fresh modules,
 * and a client already built through `traced` (before any tracing is installed).
 */
const inUnsampledLambda = async () => {
  stub({ ...LAMBDA, _X_AMZN_TRACE_ID: UNSAMPLED });
  const recording = recordingTracer();
  vi.resetModules();
  const { traced } = await import("./tracer.ts");
  const before = { name: "built before" };
  traced(before);
  return { ...recording, traced, before };
};

afterEach(() => {
  vi.unstubAllEnvs();
  vi.doUnmock("@aws-lambda-powertools/tracer");
  vi.resetModules();
});

describe("X-Ray tracing of the platform-calling groups", () => {
  it.each(ENVIRONMENTS)("is on exactly where the Powertools Tracer traces (%o)", (env) => {
    stub(env);
    expect(xrayTracingOn(process.env)).toBe(new Tracer().isTracingEnabled());
  });

  it("outside Lambda (tests, the local runtime) starting it loads no X-Ray SDK and installs nothing, even with a sampled trace header", async () => {
    stub({ _X_AMZN_TRACE_ID: SAMPLED });
    const loaded = vi.fn();
    vi.doMock("@aws-lambda-powertools/tracer", async (original) => {
      loaded();
      return original();
    });
    vi.resetModules();
    await (await import("./xray-tracing.ts")).startXrayTracing();
    const { traced } = await import("./tracer.ts");

    expect(loaded).not.toHaveBeenCalled();
    const client = { middlewareStack: "untouched" };
    expect(traced(client)).toBe(client);
  });

  it("inside Lambda an unsampled invocation loads nothing; the first sampled one installs the Powertools Tracer once, however many callers start it at once: the clients built before it are traced at its installation, those built after when built", async () => {
    const { captured, built, traced, before } = await inUnsampledLambda();
    const { startXrayTracing } = await import("./xray-tracing.ts");
    await startXrayTracing();
    expect(built.count).toBe(0);
    expect(captured).toEqual([]);

    vi.stubEnv("_X_AMZN_TRACE_ID", SAMPLED);
    await Promise.all([startXrayTracing(), startXrayTracing(), startXrayTracing()]);
    const { tracer } = await import("./xray-tracer.ts");

    const client = { name: "a client" };
    traced(client);
    expect(captured).toEqual([before, client]);
    expect(tracer.isTracingEnabled()).toBe(true);
    vi.stubEnv("_X_AMZN_TRACE_ID", UNSAMPLED);
    await startXrayTracing();
    traced(client);
    expect(built.count).toBe(1);
    expect(captured).toEqual([before, client, client]);
  });

  it("a real SDK client built before the Tracer is installed gets X-Ray's middleware in place at its installation", async () => {
    stub(LAMBDA);
    vi.resetModules();
    const { traced } = await import("./tracer.ts");
    const { startXrayTracing } = await import("./xray-tracing.ts");
    const client = traced(new SQSClient({ region: "eu-west-2" }));
    const xray = () => client.middlewareStack.identify().filter((name) => /xray/i.test(name));
    expect(xray()).toEqual([]);

    await startXrayTracing();

    expect(xray().length).toBeGreaterThan(0);
    client.destroy();
  });

  it("inside Lambda asking for platform connectors starts it at the first sampled invocation, not before (how the three platform-calling groups start it)", async () => {
    const { captured, built, traced, before } = await inUnsampledLambda();
    const { connectorsOf } = await import("./connectors.ts");
    await connectorsOf([], {});
    expect(captured).toEqual([]);
    expect(built.count).toBe(0);

    vi.stubEnv("_X_AMZN_TRACE_ID", SAMPLED);
    await connectorsOf([], {});
    const after = { name: "after" };
    traced(after);
    expect(captured).toEqual([before, after]);
    expect(built.count).toBe(1);
  });

  it("the handler middleware opens and closes the installed tracing's segment from the first invocation that starts after it is installed, never closing one it did not open", async () => {
    vi.resetModules();
    const { installTracing, tracingMiddleware } = await import("./tracer.ts");
    const calls: string[] = [];
    const middleware = tracingMiddleware();
    const invoke = async (id: string, installMidway = false) => {
      const request = { event: { id } } as never;
      await middleware.before?.(request);
      if (installMidway)
        installTracing({
          captureAWSv3Client: (client) => client,
          handlerMiddleware: () => ({
            before: (r) => void calls.push(`open ${(r.event as { id: string }).id}`),
            after: (r) => void calls.push(`close ${(r.event as { id: string }).id}`),
            onError: (r) => void calls.push(`error ${(r.event as { id: string }).id}`),
          }),
        });
      if (id.startsWith("fail")) await middleware.onError?.(request);
      else await middleware.after?.(request);
    };

    await invoke("first");
    await invoke("installs", true);
    await invoke("next");
    await invoke("failing");

    expect(calls).toEqual(["open next", "close next", "open failing", "error failing"]);
  });
});
