import { Tracer } from "@aws-lambda-powertools/tracer";
import { captureLambdaHandler } from "@aws-lambda-powertools/tracer/middleware";
import { SERVICE_NAME } from "../../metric-names.ts";
import type { Tracing } from "./tracer.ts";

/**
 * The Powertools Tracer (AWS X-Ray) of the groups that call ad platforms, built once per cold start.
 * Loading this module loads the X-Ray SDK, whose context tracking (cls-hooked) installs an async
 * hook on every promise of the process: `xray-tracing.ts` imports it only where tracing is on.
 * Powertools traces only inside Lambda (off without `AWS_EXECUTION_ENV`, in SAM CLI and Amplify's
 * mock, and with `POWERTOOLS_TRACE_ENABLED=false`). Handlers get a segment per invocation with the
 * `ColdStart` and `Service` annotations; every AWS SDK client built through `traced` gets
 * subsegments; outgoing HTTPS calls (ad platforms, channels) are captured by Powertools itself.
 * Answers are not recorded as trace metadata (they hold account data).
 */
export const tracer = new Tracer({ serviceName: SERVICE_NAME, captureHTTPsRequests: true });

/** The Tracer as the group's tracing (`tracer.ts`). */
export const xrayTracing: Tracing = {
  captureAWSv3Client: (client) => tracer.captureAWSv3Client(client),
  handlerMiddleware: () => captureLambdaHandler(tracer, { captureResponse: false }),
};
