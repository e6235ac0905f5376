import { gunzipSync } from "node:zlib";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { describe, expect, it } from "vitest";
import { COMPRESS_FROM_BYTES, compressForClient } from "./http.ts";

const eventWith = (headers: Record<string, string>) => ({ headers }) as unknown as APIGatewayProxyEventV2;
const big = JSON.stringify({
  trackers: Array.from({ length: 2000 }, (_, i) => ({ _id: `t${i}`, name: `Tracker ${i}` })),
});

describe("compressForClient", () => {
  it("gzips a large JSON answer for a client that accepts gzip, and the bytes inflate back to the same JSON", () => {
    const result = compressForClient(
      { statusCode: 200, headers: { "content-type": "application/json" }, body: big },
      eventWith({ "accept-encoding": "gzip, deflate, br" }),
    );
    expect(result.isBase64Encoded).toBe(true);
    expect(result.headers).toMatchObject({
      "content-encoding": "gzip",
      vary: "accept-encoding",
      "content-type": "application/json",
    });
    const bytes = Buffer.from(result.body as string, "base64");
    expect(bytes.byteLength).toBeLessThan(Buffer.byteLength(big) / 5);
    expect(gunzipSync(bytes).toString("utf8")).toBe(big);
  });

  it("leaves small answers and clients without gzip untouched", () => {
    const small = { statusCode: 200, body: "x".repeat(COMPRESS_FROM_BYTES - 1) };
    expect(compressForClient(small, eventWith({ "accept-encoding": "gzip" }))).toBe(small);
    const plain = { statusCode: 200, body: big };
    expect(compressForClient(plain, eventWith({}))).toBe(plain);
  });
});
