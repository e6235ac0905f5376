import type { SQSEvent, SQSRecord } from "aws-lambda";
import { describe, expect, it } from "vitest";
import { platformsOf } from "./index.ts";

const record = (body: string) => ({ body }) as SQSRecord;

describe("the refresh worker's entry", () => {
  it("names the platforms of a batch's messages, each once, so only their connectors are loaded", () => {
    const event: SQSEvent = {
      Records: [
        record(JSON.stringify({ v: 1, slug: "googleads", trackerId: "t1" })),
        record(JSON.stringify({ v: 1, slug: "googleads", trackerId: "t2" })),
        record(JSON.stringify({ v: 1, slug: "facebookads", trackerId: "t3" })),
        record("not json"),
        record(JSON.stringify({ v: 1, slug: 7 })),
      ],
    };
    expect(platformsOf(event)).toEqual(["googleads", "facebookads"]);
  });
});
