import { createAlertDeliveryConsumer } from "../lib/alert-delivery.ts";
import { observedHandler } from "../lib/observed-handler.ts";
import { sqsClientAtFirstUse } from "../lib/queue-records.ts";

/**
 * The `alert-delivery` group: the Lambda consuming the `alert-delivery` queue
 * (functions/resources.ts). See `lib/alert-delivery.ts`.
 *
 * Environment: `QUEUE_URL_ALERT_DELIVERY` and `..._DLQ` (backoff, dead-lettering),
 * `ALERT_DELIVERY_RETRY_BASE_SECONDS` (backoff base, default 30), `MAIL_FROM` (the Admins'
 * failing-channel e-mail). Locally the runtime's `channelTarget` adapter receives its reserved host.
 */
const base = Number(process.env.ALERT_DELIVERY_RETRY_BASE_SECONDS ?? 30);

export const handler = observedHandler(
  createAlertDeliveryConsumer({
    sqs: sqsClientAtFirstUse,
    now: () => new Date(),
    retryBaseSeconds: Number.isFinite(base) && base >= 0 ? base : 30,
  }),
);
