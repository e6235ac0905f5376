import { sharedPromise } from "./shared-promise.ts";
import { installTracing, xrayTracingOn } from "./tracer.ts";

/**
 * Installs the Powertools Tracer (AWS X-Ray, `xray-tracer.ts`) as the process's tracing where
 * tracing is on ({@link xrayTracingOn}: inside Lambda, unless `POWERTOOLS_TRACE_ENABLED=false`),
 * once; concurrent calls share the one import (a failed import is tried again at the next call).
 * Only the code paths that call ad platforms start it: the refresh worker and connections await it
 * at the top of their entry, so every client and handler of theirs is traced; and loading the first
 * platform connector of a process starts it (`connectorsOf` of `connectors.ts`), which in the
 * trackers group is its first AutoPilot call, its only path to a platform: a cold start serving the
 * trackers' own calls does not load the X-Ray SDK (122 KB), and the clients it built before (the
 * table's) stay untraced, as in every group that calls no platform. Elsewhere (tests, the local
 * runtime, benchmarks) the X-Ray SDK is not even loaded: its async hook would track every promise
 * of the process for traces nobody sends (8.5% of the local refresh worker's thread,
 * BENCHMARKS.md "Refresh pipeline").
 */
export const startXrayTracing: () => Promise<void> = sharedPromise(async () => {
  if (xrayTracingOn(process.env)) installTracing((await import("./xray-tracer.ts")).xrayTracing);
});
