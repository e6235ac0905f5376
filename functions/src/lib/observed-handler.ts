import { injectLambdaContext } from "@aws-lambda-powertools/logger/middleware";
import { logMetrics } from "@aws-lambda-powertools/metrics/middleware";
import middy from "@middy/core";
import type { Context } from "aws-lambda";
import { CAPTURE_COLD_START_METRIC } from "../../metric-names.ts";
import { logger } from "./logger.ts";
import { metrics } from "./metrics.ts";
import { tracingMiddleware } from "./tracer.ts";

/**
 * Wraps every Lambda entry of the functions (the HTTP groups through `groupHandler`, the queue
 * consumers, schedules, the WebSocket API and the authorizer) in the Powertools middlewares:
 * - the logger's Lambda context: every log line of the invocation carries `function_request_id`,
 *   `cold_start`, `function_name`, `function_arn`, `function_memory_size`;
 * - the installed tracing's handler segment (`tracer.ts`: the groups that call ad platforms, with
 *   the `ColdStart` and `Service` annotations; off outside Lambda; answers are not recorded);
 * - the metrics flush at the end of the invocation (Powertools' `ColdStart` metric only when
 *   `CAPTURE_COLD_START_METRIC` says so: off, a log line's `cold_start` says it for free).
 *
 * The handler is otherwise untouched: same answer, same errors. Middy's early timeout is off (a
 * handler keeps the time Lambda gives it, as before). The context may be left out (tests), as with
 * middy.
 */
export function observedHandler<E, R>(
  handler: (event: E, context: Context) => Promise<R>,
): (event: E, context?: Context) => Promise<R> {
  const wrapped = middy<E, R>({ timeoutEarlyInMillis: 0 })
    .use(injectLambdaContext(logger))
    .use(tracingMiddleware<E, R>())
    .use(logMetrics(metrics, { captureColdStartMetric: CAPTURE_COLD_START_METRIC }))
    .handler((event, context) => handler(event, context));
  return (event, context) => wrapped(event, context ?? ({} as Context));
}
