import { issueIngestionKey } from "@pacer/db";
import { defineFixtures } from "../authz/fixture.ts";

export const fixtures = defineFixtures({
  "POST /api/sensor-readings/ingest": {
    // Public: authenticated by the target account's ingestion key, whoever calls.
    request: async ({ target }) => ({
      headers: {
        "x-ingestion-key": (await issueIngestionKey(target.account.accountId, target.Admin.user.userId)).key,
      },
      body: { device: "door-1", recDate: "2026-11-21T08:00:00Z", data: "00010002", seqNum: 1 },
    }),
  },
  "GET /api/sensor-readings/get-readings": { crossAccount: false, request: () => ({}) },
  "GET /api/sensor-readings/ingestion-key": { crossAccount: false, request: () => ({}) },
  "POST /api/sensor-readings/create-ingestion-key": { crossAccount: false, request: () => ({}) },
});
