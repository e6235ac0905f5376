import type { MiddlewareObj } from "@middy/core";
import { instrumentDynamoClients } from "@pacer/db";

/**
 * What a function group's X-Ray tracing does, once installed ({@link installTracing}): wrap an AWS
 * SDK v3 client so its calls are subsegments, and the handler middleware that opens the
 * invocation's segment. `xray-tracing.ts` installs the Powertools Tracer's (`xray-tracer.ts`) where
 * tracing is on.
 */
export interface Tracing {
  /**
   * Adds the tracing middleware to the client's own middleware stack (in place, as the Powertools
   * Tracer does) and returns the same client: so a client built before the tracing was installed
   * can be traced from then on.
   */
  captureAWSv3Client<T>(client: T): T;
  handlerMiddleware(): MiddlewareObj;
}

let installed: Tracing | undefined;

/** The clients built through {@link traced} before tracing was installed (weakly: a reset drops one). */
let builtUntraced: WeakRef<object>[] = [];

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
 * Installs a group's tracing, and traces the clients built before it. Only the paths that call ad
 * platforms install the X-Ray SDK (a sampled invocation's ask for a platform connector:
 * `startXrayTracing` of `xray-tracing.ts`, which loads it only where {@link xrayTracingOn}),
 * where a slow platform call is what a trace is read for; every other group leaves it out of its
 * bundle (about 107 KB with semver and cls-hooked, a third of a cold start's module load) and keeps
 * Lambda's active tracing, which records each invocation without it (BENCHMARKS.md, "Cold start").
 */
export function installTracing(tracing: Tracing): void {
  installed = tracing;
  for (const ref of builtUntraced) {
    const client = ref.deref();
    if (client) tracing.captureAWSv3Client(client);
  }
  builtUntraced = [];
}

/**
 * Traces an AWS SDK v3 client's calls (X-Ray subsegments named after the service) where the process
 * installed tracing, and returns the same client. Before that it is returned untouched and
 * remembered: installing tracing later (a sampled invocation's platform connector, `xray-tracing.ts`)
 * traces it from then on, so the table's client built by an earlier invocation is traced too.
 * Call it where the client is built, once.
 */
export function traced<T>(client: T): T {
  if (installed) return installed.captureAWSv3Client(client);
  if (typeof client === "object" && client !== null) builtUntraced.push(new WeakRef(client));
  return client;
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
