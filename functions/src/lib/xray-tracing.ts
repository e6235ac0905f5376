import { isRequestXRaySampled } from "@aws-lambda-powertools/commons/utils/env";
import { sharedPromise } from "./shared-promise.ts";
import { installTracing, xrayTracingOn } from "./tracer.ts";

/** Imports the Powertools Tracer (`xray-tracer.ts`) and installs it, once per process. */
const installXrayTracer = sharedPromise(async () => {
  installTracing((await import("./xray-tracer.ts")).xrayTracing);
});

/**
 * Installs the Powertools Tracer (AWS X-Ray, `xray-tracer.ts`) as the process's tracing when the
 * current invocation is one X-Ray samples (its trace header's `Sampled=1`, read by Powertools'
 * `isRequestXRaySampled`) and tracing is on ({@link xrayTracingOn}: inside Lambda, unless
 * `POWERTOOLS_TRACE_ENABLED=false`); once installed it stays, and concurrent calls share the one
 * import (a failed import is tried again at the next call).
 *
 * Called where a platform is about to be called: every ask for a platform connector
 * (`connectorsOf` of `connectors.ts`), in the three groups that call platforms (the refresh
 * worker's jobs, the connect flow, AutoPilot). An unsampled invocation's trace is never sent, so a
 * process none of whose platform-calling invocations is sampled never loads the X-Ray SDK (122 KB)
 * nor runs its async hook on every promise (8.5% of the local refresh worker's thread,
 * BENCHMARKS.md "Refresh pipeline"), and no cold start loads it at init. The clients built before
 * it are traced from its installation on (`traced` of `tracer.ts`); the invocation that installs
 * it has no handler segment of its own (its calls after the installation are subsegments of
 * Lambda's segment). Elsewhere (tests, the local runtime, benchmarks) nothing is loaded.
 */
export async function startXrayTracing(): Promise<void> {
  if (xrayTracingOn(process.env) && isRequestXRaySampled()) await installXrayTracer();
}
