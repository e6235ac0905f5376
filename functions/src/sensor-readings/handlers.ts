import * as z from "zod";
import { httpRoute, reply, sessionRoute } from "../lib/http.ts";
import {
  createIngestionKeyFor,
  INGESTION_KEY_HEADER,
  ingestionKeyStatusFor,
  ingestReading,
  listReadingsFor,
} from "./use-cases.ts";

/** A device reading as a device backend posts it (spec section 3: device, recDate, data, seqNum). */
const ReadingBody = z.object({
  device: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[^#]+$/, "device must not contain '#'"),
  /** ISO 8601 date-time with a zone, e.g. `2026-11-21T08:00:00Z`. */
  recDate: z.iso.datetime({ offset: true }),
  /** Hex payload; see decode.ts for the layout. */
  data: z.string().max(256),
  seqNum: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});

/**
 * `POST /api/sensor-readings/ingest` (public; `x-ingestion-key: <key>`): stores a reading and answers
 * 201 `{ reading }` with the decoded counts. 401 without a valid key; 400 for malformed hex.
 */
export const ingest = httpRoute({ body: ReadingBody, maxBodyBytes: 4096 }, async ({ body, event, now }) =>
  reply(201, { reading: await ingestReading(event.headers[INGESTION_KEY_HEADER], body, now) }),
);

/** `GET /api/sensor-readings/get-readings?limit=&cursor=`: `{ readings, cursor }`, newest first. */
export const getReadings = sessionRoute(
  {
    query: z.object({
      limit: z.coerce.number().int().min(1).max(500).default(100),
      cursor: z.string().max(2000).optional(),
    }),
  },
  async ({ query, session }) => listReadingsFor(session, query.limit, query.cursor),
);

/** `GET /api/sensor-readings/ingestion-key` (Admin): `{ ingestionKey: { keyPrefix, createdAt, createdBy } | null }`. */
export const getIngestionKey = sessionRoute({}, async ({ session }) => ({
  ingestionKey: await ingestionKeyStatusFor(session),
}));

/** `POST /api/sensor-readings/create-ingestion-key` (Admin): 201 `{ key, keyPrefix, createdAt, createdBy }`, shown once. */
export const createIngestionKey = sessionRoute({}, async ({ session, now }) =>
  reply(201, await createIngestionKeyFor(session, now)),
);
