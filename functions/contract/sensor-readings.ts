import * as z from "zod";
import { routeContracts } from "./route-contract.ts";

/** A device reading (spec pods-budgets-alerts-users-connections.md 2.14). */
const readingSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    device: z.string(),
    recDate: z.string(),
    data: z.string(),
    seqNum: z.number().int(),
    entries: z.number().int(),
    exits: z.number().int(),
    receivedAt: z.string(),
  }),
);

/** The account's ingestion key, by its first characters (never the key). */
const keyStatusSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({ keyPrefix: z.string(), createdAt: z.string(), createdBy: z.string() }),
);

/** The device reading calls (spec pods-budgets-alerts-users-connections.md 2.14). */
export const sensorReadingsContracts = routeContracts({
  /**
   * A device reading as a device backend posts it (spec section 3: device, recDate, data, seqNum),
   * authenticated by the `x-ingestion-key` header.
   */
  "POST /api/sensor-readings/ingest": () => ({
    body: z.object({
      device: z
        .string()
        .trim()
        .min(1)
        .max(100)
        .regex(/^[^#]+$/, "device must not contain '#'"),
      /** ISO 8601 date-time with a zone, e.g. `2026-11-21T08:00:00Z`. */
      recDate: z.iso.datetime({ offset: true }),
      /** Hex payload; see functions/src/sensor-readings/decode.ts for the layout. */
      data: z.string().max(256),
      seqNum: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    }),
    answer: z.object({ reading: readingSchema }),
    status: 201,
  }),
  "GET /api/sensor-readings/get-readings": () => ({
    query: z.object({
      limit: z.coerce.number().int().min(1).max(500).default(100),
      cursor: z.string().max(2000).optional(),
    }),
    answer: z.object({ readings: z.array(readingSchema), cursor: z.string().nullable() }),
  }),
  "GET /api/sensor-readings/ingestion-key": () => ({
    answer: z.object({ ingestionKey: keyStatusSchema.nullable() }),
  }),
  /** The key itself is in this answer only. */
  "POST /api/sensor-readings/create-ingestion-key": () => ({
    answer: keyStatusSchema.unwrap().extend({ key: z.string() }),
    status: 201,
  }),
});
