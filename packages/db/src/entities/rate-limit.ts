import { Entity, type EntityConfiguration } from "electrodb";
import { CASE, KEYS, SERVICE } from "./common.ts";

/**
 * A fixed-window counter (failed logins per address, per account and per source IP; password reset
 * requests per address). One item per bucket and window, removed by TTL after the window.
 *
 * Access patterns:
 * - `byBucket`: pk `RATE#<bucket>`, sk `WINDOW#<windowStart epoch seconds>` (atomic ADD on a miss).
 */
export const buildRateLimitEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: "rateLimit", version: "1", service: SERVICE },
      attributes: {
        /** e.g. `login-email:ana@agency.test`, `login-account:<accountId>`, `login-ip:203.0.113.9`. */
        bucket: { type: "string", required: true, readOnly: true },
        windowStart: { type: "number", required: true, readOnly: true },
        count: { type: "number", required: true, default: 0 },
        expiresAt: { type: "number", required: true },
      },
      indexes: {
        byBucket: {
          pk: { field: KEYS.pk, composite: ["bucket"], template: "RATE#${bucket}", casing: CASE },
          sk: { field: KEYS.sk, composite: ["windowStart"], template: "WINDOW#${windowStart}", casing: CASE },
        },
      },
    },
    config,
  );
/** The entity {@link buildRateLimitEntity} builds (its items' type: `EntityItem<RateLimitEntity>`). */
export type RateLimitEntity = ReturnType<typeof buildRateLimitEntity>;
