import { Tracer } from "@aws-lambda-powertools/tracer";
import { afterEach, describe, expect, it, vi } from "vitest";
import { xrayTracingOn } from "./tracer.ts";

/**
 * `xray-tracing.ts`, first in the entries of the groups that call ad platforms: the X-Ray SDK (and
 * its async hook) is loaded and installed only where the Powertools Tracer would trace.
 */

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
  for (const key of ["AWS_EXECUTION_ENV", "POWERTOOLS_TRACE_ENABLED", "AWS_SAM_LOCAL"]) {
    vi.stubEnv(key, env[key] ?? "");
  }
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

  it("outside Lambda (tests, the local runtime) the entry's import loads no X-Ray SDK and installs nothing", async () => {
    stub({});
    const loaded = vi.fn();
    vi.doMock("@aws-lambda-powertools/tracer", async (original) => {
      loaded();
      return original();
    });
    vi.resetModules();
    await import("./xray-tracing.ts");
    const { traced } = await import("./tracer.ts");

    expect(loaded).not.toHaveBeenCalled();
    const client = { middlewareStack: "untouched" };
    expect(traced(client)).toBe(client);
  });

  it("inside Lambda the entry's import installs the Powertools Tracer before the group's clients are built", async () => {
    stub({ AWS_EXECUTION_ENV: "AWS_Lambda_nodejs22.x" });
    const captured: unknown[] = [];
    vi.doMock("@aws-lambda-powertools/tracer", async (original) => {
      const actual = await original<typeof import("@aws-lambda-powertools/tracer")>();
      class RecordingTracer extends actual.Tracer {
        override captureAWSv3Client<T>(client: T): T {
          captured.push(client);
          return client;
        }
      }
      return { ...actual, Tracer: RecordingTracer };
    });
    vi.resetModules();
    await import("./xray-tracing.ts");
    const { traced } = await import("./tracer.ts");
    const { tracer } = await import("./xray-tracer.ts");

    const client = { name: "a client" };
    traced(client);
    expect(captured).toEqual([client]);
    expect(tracer.isTracingEnabled()).toBe(true);
  });
});
