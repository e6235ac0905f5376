import { sensorReadingsContracts as api } from "../../contract/sensor-readings.ts";
import { httpRoute, reply, sessionRoute } from "../lib/http.ts";
import {
  createIngestionKeyFor,
  INGESTION_KEY_HEADER,
  ingestionKeyStatusFor,
  ingestReading,
  listReadingsFor,
} from "./use-cases.ts";

/**
 * `POST /api/sensor-readings/ingest` (public; `x-ingestion-key: <key>`): stores a reading and answers
 * 201 `{ reading }` with the decoded counts. 401 without a valid key; 400 for malformed hex.
 */
export const ingest = httpRoute(
  { ...api["POST /api/sensor-readings/ingest"], maxBodyBytes: 4096 },
  async ({ body, event, now }) =>
    reply(201, { reading: await ingestReading(event.headers[INGESTION_KEY_HEADER], body, now) }),
);

/** `GET /api/sensor-readings/get-readings?limit=&cursor=`: `{ readings, cursor }`, newest first. */
export const getReadings = sessionRoute(
  api["GET /api/sensor-readings/get-readings"],
  async ({ query, session }) => listReadingsFor(session, query.limit, query.cursor),
);

/** `GET /api/sensor-readings/ingestion-key` (Admin): `{ ingestionKey: { keyPrefix, createdAt, createdBy } | null }`. */
export const getIngestionKey = sessionRoute(
  api["GET /api/sensor-readings/ingestion-key"],
  async ({ session }) => ({
    ingestionKey: await ingestionKeyStatusFor(session),
  }),
);

/** `POST /api/sensor-readings/create-ingestion-key` (Admin): 201 `{ key, keyPrefix, createdAt, createdBy }`, shown once. */
export const createIngestionKey = sessionRoute(
  api["POST /api/sensor-readings/create-ingestion-key"],
  async ({ session, now }) => reply(201, await createIngestionKeyFor(session, now)),
);
