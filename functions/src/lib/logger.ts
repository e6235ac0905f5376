import { Logger } from "@aws-lambda-powertools/logger";
import { SERVICE_NAME } from "../../metric-names.ts";

/**
 * The one structured logger of the functions (Powertools), built once per cold start. Every handler
 * adds the Lambda context to it (request id, cold start: `observed-handler.ts`). Never log
 * tokens, passwords, secrets or request bodies.
 */
export const logger = new Logger({
  serviceName: SERVICE_NAME,
  logLevel: (process.env.LOG_LEVEL as "INFO" | undefined) ?? "INFO",
});
