import { Tracer } from "@aws-lambda-powertools/tracer";
import { instrumentDynamoClients } from "@pacer/db";
import { SERVICE_NAME } from "../../metric-names.ts";

/**
 * The functions' one Powertools Tracer (AWS X-Ray), built once per cold start. It traces only inside
 * Lambda (Powertools turns itself off without `AWS_EXECUTION_ENV`, and with
 * `POWERTOOLS_TRACE_ENABLED=false`), so tests and the local runtime never reach X-Ray. Handlers get
 * a segment per invocation (`observed-handler.ts`); every AWS SDK client goes through
 * {@link traced}, so its calls are subsegments; outgoing HTTPS calls (ad platforms, channels) are
 * captured by Powertools itself. Answers are not recorded as trace metadata (they hold account data).
 */
export const tracer = new Tracer({ serviceName: SERVICE_NAME, captureHTTPsRequests: true });

/**
 * Traces an AWS SDK v3 client's calls (X-Ray subsegments named after the service); returns the
 * same client, untouched when tracing is off. Call it where the client is built, once.
 */
export function traced<T>(client: T): T {
  return tracer.captureAWSv3Client(client);
}

// The table's client is built by @pacer/db, which knows nothing of X-Ray: it lets us wrap it.
instrumentDynamoClients(traced);
