import { Logger } from "@aws-lambda-powertools/logger";

/**
 * The one structured logger of the functions (Powertools), built once per cold start. Never log
 * tokens, passwords, secrets or request bodies.
 */
export const logger = new Logger({
  serviceName: "pacer",
  logLevel: (process.env.LOG_LEVEL as "INFO" | undefined) ?? "INFO",
});
