import { sharedPromise } from "./shared-promise.ts";
import { installTracing, xrayTracingOn } from "./tracer.ts";

/**
 * Installs the Powertools Tracer (AWS X-Ray, `xray-tracer.ts`) as the process's tracing where
 * tracing is on ({@link xrayTracingOn}: inside Lambda, unless `POWERTOOLS_TRACE_ENABLED=false`),
 * once; concurrent calls share the one import (a failed import is tried again at the next call).
 * Only the code paths that call ad platforms start it: loading the first platform connector of a
 * process (`connectorsOf` of `connectors.ts`), which is a connections call's first platform call
 * and the trackers group's first AutoPilot call, so a cold start serving the calls that reach no
 * platform (listing connections, the trackers' own calls) does not load the X-Ray SDK (122 KB); and
 * the refresh worker at the top of its entry, since every job calls a platform. The clients built
 * before it are traced from then on (`traced` of `tracer.ts`); the invocation that starts it has
 * no handler segment of its own. Elsewhere (tests, the local runtime, benchmarks) the X-Ray SDK is
 * not even loaded: its async hook would track every promise of the process for traces nobody sends
 * (8.5% of the local refresh worker's thread, BENCHMARKS.md "Refresh pipeline").
 */
export const startXrayTracing: () => Promise<void> = sharedPromise(async () => {
  if (xrayTracingOn(process.env)) installTracing((await import("./xray-tracer.ts")).xrayTracing);
});
