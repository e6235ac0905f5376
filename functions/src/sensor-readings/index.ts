import { groupHandler } from "../lib/http.ts";
import { createIngestionKey, getIngestionKey, getReadings, ingest } from "./handlers.ts";

export const handlers = { ingestReading: ingest, getReadings, getIngestionKey, createIngestionKey };
export const handler = groupHandler("sensor-readings", handlers);
