import { Logger } from "@aws-lambda-powertools/logger";
import { SERVICE_NAME } from "../../metric-names.ts";

/**
 * The one structured logger of the functions (Powertools), built once per cold start. Every handler
 * adds the Lambda context to it (request id, cold start: `observed-handler.ts`). Never log
 * tokens, passwords, secrets or request bodies.
 *
 * Its level, per environment: on Lambda the function's application log level (Lambda's advanced
 * logging controls, `AWS_LAMBDA_LOG_LEVEL`, which Powertools takes over the level given here: INFO,
 * `FUNCTION_LOGGING` in infra/src/constructs/pacer-function.ts); locally and in tests `LOG_LEVEL`,
 * INFO by default. Nothing is logged at INFO per request or per refresh (the scheduled runs'
 * summaries only): what a refresh did is in its EMF line (`metrics.ts`) and the tracker's stored
 * outcome; warnings and errors are always written.
 */
export const logger = new Logger({
  serviceName: SERVICE_NAME,
  logLevel: (process.env.LOG_LEVEL as "INFO" | undefined) ?? "INFO",
});
