import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { aWorld } from "../../testing/builders.ts";

type KeyBody = { key: string; keyPrefix: string };
type ReadingsBody = {
  readings: Array<{
    device: string;
    seqNum: number;
    entries: number;
    exits: number;
    data: string;
    recDate: string;
  }>;
  cursor: string | null;
};

const aReading = (extra: Record<string, unknown> = {}) => ({
  device: "door-1",
  recDate: "2026-11-21T08:00:00Z",
  data: "002A0011",
  seqNum: 1,
  ...extra,
});

describe("device readings", () => {
  it("lets an Admin issue a key, stores readings sent with it and lists them with decoded counts", async () => {
    const world = await aWorld();
    const issued = await callApi<KeyBody>("POST", "/api/sensor-readings/create-ingestion-key", {
      token: world.Admin.token,
    });
    expect(issued.status).toBe(201);
    expect(issued.body.key.startsWith(issued.body.keyPrefix)).toBe(true);
    const headers = { "x-ingestion-key": issued.body.key };

    const first = await callApi("POST", "/api/sensor-readings/ingest", { headers, body: aReading() });
    const later = await callApi("POST", "/api/sensor-readings/ingest", {
      headers,
      body: aReading({ seqNum: 2, recDate: "2026-11-21T09:00:00+01:00", data: "ffff0000cafe" }),
    });
    const duplicate = await callApi("POST", "/api/sensor-readings/ingest", { headers, body: aReading() });

    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ reading: { entries: 42, exits: 17, data: "002a0011" } });
    expect(later.status).toBe(201);
    expect(duplicate.status).toBe(201);
    const list = await callApi<ReadingsBody>("GET", "/api/sensor-readings/get-readings", {
      token: world.Viewer.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.readings.map((r) => [r.seqNum, r.entries, r.exits])).toEqual([
      [2, 65535, 0],
      [1, 42, 17],
    ]);
    expect(list.body.readings[0]?.recDate).toBe("2026-11-21T08:00:00.000Z");

    const status = await callApi("GET", "/api/sensor-readings/ingestion-key", { token: world.Admin.token });
    expect(status.body).toMatchObject({ ingestionKey: { keyPrefix: issued.body.keyPrefix } });
    expect(JSON.stringify(status.body)).not.toContain(issued.body.key);
  });

  it("refuses malformed hex with a 400 naming the data, and calls without a valid key with a 401", async () => {
    const world = await aWorld();
    const { body } = await callApi<KeyBody>("POST", "/api/sensor-readings/create-ingestion-key", {
      token: world.Admin.token,
    });
    const headers = { "x-ingestion-key": body.key };

    const notHex = await callApi("POST", "/api/sensor-readings/ingest", {
      headers,
      body: aReading({ data: "00zz0011" }),
    });
    const odd = await callApi("POST", "/api/sensor-readings/ingest", {
      headers,
      body: aReading({ data: "0a0b0c0" }),
    });
    const short = await callApi("POST", "/api/sensor-readings/ingest", {
      headers,
      body: aReading({ data: "0a0b" }),
    });
    const badDate = await callApi("POST", "/api/sensor-readings/ingest", {
      headers,
      body: aReading({ recDate: "yesterday" }),
    });
    const noKey = await callApi("POST", "/api/sensor-readings/ingest", { body: aReading() });
    const wrongKey = await callApi("POST", "/api/sensor-readings/ingest", {
      headers: { "x-ingestion-key": `${body.key}x` },
      body: aReading(),
    });

    for (const answer of [notHex, odd, short]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ field: "body.data" });
    }
    expect(badDate.body).toMatchObject({ field: "body.recDate" });
    expect(noKey.status).toBe(401);
    expect(wrongKey.status).toBe(401);
  });

  it("replaces the key: the old one stops working; only Admins manage keys", async () => {
    const world = await aWorld();
    const first = await callApi<KeyBody>("POST", "/api/sensor-readings/create-ingestion-key", {
      token: world.Admin.token,
    });
    const second = await callApi<KeyBody>("POST", "/api/sensor-readings/create-ingestion-key", {
      token: world.Admin.token,
    });

    const old = await callApi("POST", "/api/sensor-readings/ingest", {
      headers: { "x-ingestion-key": first.body.key },
      body: aReading(),
    });
    const current = await callApi("POST", "/api/sensor-readings/ingest", {
      headers: { "x-ingestion-key": second.body.key },
      body: aReading(),
    });
    const manager = await callApi("POST", "/api/sensor-readings/create-ingestion-key", {
      token: world.Manager.token,
    });

    expect(old.status).toBe(401);
    expect(current.status).toBe(201);
    expect(manager.status).toBe(403);
  });

  it("pages the list with a cursor", async () => {
    const world = await aWorld();
    const { body } = await callApi<KeyBody>("POST", "/api/sensor-readings/create-ingestion-key", {
      token: world.Admin.token,
    });
    for (let i = 1; i <= 3; i++) {
      await callApi("POST", "/api/sensor-readings/ingest", {
        headers: { "x-ingestion-key": body.key },
        body: aReading({ seqNum: i, recDate: `2026-11-21T0${i}:00:00Z` }),
      });
    }

    const page1 = await callApi<ReadingsBody>("GET", "/api/sensor-readings/get-readings?limit=2", {
      token: world.Admin.token,
    });
    const page2 = await callApi<ReadingsBody>(
      "GET",
      `/api/sensor-readings/get-readings?limit=2&cursor=${encodeURIComponent(page1.body.cursor ?? "")}`,
      { token: world.Admin.token },
    );
    const bad = await callApi("GET", "/api/sensor-readings/get-readings?limit=0", {
      token: world.Admin.token,
    });

    expect(page1.body.readings.map((r) => r.seqNum)).toEqual([3, 2]);
    expect(page2.body.readings.map((r) => r.seqNum)).toEqual([1]);
    expect(bad.body).toMatchObject({ field: "query.limit" });
  });
});
