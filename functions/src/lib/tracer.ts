import type { MiddlewareObj } from "@middy/core";
import { instrumentDynamoClients } from "@pacer/db";

/**
 * What a function group's X-Ray tracing does, once installed ({@link installTracing}): wrap an AWS
 * SDK v3 client so its calls are subsegments, and the handler middleware that opens the
 * invocation's segment. `xray-tracing.ts` installs the Powertools Tracer's (`xray-tracer.ts`) where
 * tracing is on.
 */
export interface Tracing {
  captureAWSv3Client<T>(client: T): T;
  handlerMiddleware(): MiddlewareObj;
}

let installed: Tracing | undefined;

/**
 * Whether the Powertools Tracer would trace in this environment, read as Powertools reads it: only
 * inside Lambda (`AWS_EXECUTION_ENV` set, not Amplify's mock, not SAM CLI's `AWS_SAM_LOCAL`) and
 * unless `POWERTOOLS_TRACE_ENABLED` is `false` (any case). Where it is false, `xray-tracing.ts`
 * does not load the X-Ray SDK at all (the Tracer would be off there anyway).
 */
export function xrayTracingOn(env: Record<string, string | undefined>): boolean {
  const executionEnv = env.AWS_EXECUTION_ENV ?? "";
  return (
    executionEnv !== "" &&
    executionEnv !== "AWS_Lambda_amplify-mock" &&
    (env.AWS_SAM_LOCAL ?? "") === "" &&
    (env.POWERTOOLS_TRACE_ENABLED ?? "").toLowerCase() !== "false"
  );
}

/**
 * Installs a group's tracing. Only the paths that call ad platforms install the X-Ray SDK (the
 * refresh worker's and connections' entries, a process's first platform connector: `startXrayTracing` of
 * `xray-tracing.ts`, which loads it only where {@link xrayTracingOn}),
 * where a slow platform call is what a trace is read for; every other group leaves it out of its
 * bundle (about 107 KB with semver and cls-hooked, a third of a cold start's module load) and keeps
 * Lambda's active tracing, which records each invocation without it (BENCHMARKS.md, "Cold start").
 */
export function installTracing(tracing: Tracing): void {
  installed = tracing;
}

/**
 * Traces an AWS SDK v3 client's calls (X-Ray subsegments named after the service) where the group
 * installed tracing; returns the same client, untouched otherwise. Call it where the client is built, once.
 */
export function traced<T>(client: T): T {
  return installed ? installed.captureAWSv3Client(client) : client;
}

/**
 * The handler middleware of the installed tracing (the invocation's segment): looked up at each
 * invocation until tracing is installed (a handler built before, or a group that installs it at a
 * later invocation's first platform call, still gets it from then on), and kept per invocation, so
 * an invocation that installs it midway closes nothing it did not open; nothing where no tracing is
 * installed.
 */
export function tracingMiddleware<E, R>(): MiddlewareObj<E, R> {
  let inner: MiddlewareObj | undefined;
  const opened = new WeakMap<object, MiddlewareObj>();
  return {
    before: async (request) => {
      inner ??= installed?.handlerMiddleware();
      if (!inner) return;
      opened.set(request, inner);
      return inner.before?.(request as never);
    },
    after: async (request) => opened.get(request)?.after?.(request as never),
    onError: async (request) => opened.get(request)?.onError?.(request as never),
  };
}

// The table's client is built by @pacer/db, which knows nothing of X-Ray: it lets us wrap it.
instrumentDynamoClients(traced);
