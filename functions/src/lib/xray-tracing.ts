import { installTracing, xrayTracingOn } from "./tracer.ts";

/**
 * Installs the Powertools Tracer (AWS X-Ray, `xray-tracer.ts`) as the group's tracing where tracing
 * is on ({@link xrayTracingOn}: inside Lambda, unless `POWERTOOLS_TRACE_ENABLED=false`); imported
 * first in the entry of each group that calls ad platforms, so every client and handler of the group
 * is traced. Elsewhere (tests, the local runtime, benchmarks) the X-Ray SDK is not even loaded: its
 * async hook would track every promise of the process for traces nobody sends (8.5% of the local
 * refresh worker's thread, BENCHMARKS.md "Refresh pipeline"). In a Lambda bundle the import is
 * inlined and awaited here, at the top of the entry, before the modules that build clients.
 */
if (xrayTracingOn(process.env)) installTracing((await import("./xray-tracer.ts")).xrayTracing);
