import { describe, expect, it } from "vitest";
import { decodePayload, PAYLOAD_TEXTS } from "./decode.ts";

describe("decodePayload", () => {
  it("reads entries and exits as two big-endian 16-bit counters and keeps the rest", () => {
    expect(decodePayload("002A0011")).toEqual({ entries: 42, exits: 17, data: "002a0011" });
    expect(decodePayload("ffff0100deadbeef")).toEqual({
      entries: 65535,
      exits: 256,
      data: "ffff0100deadbeef",
    });
  });

  it("names what is wrong with a malformed payload", () => {
    expect(decodePayload("0x002a0011")).toEqual({ error: PAYLOAD_TEXTS.notHex });
    expect(decodePayload("002a001")).toEqual({ error: PAYLOAD_TEXTS.oddLength });
    expect(decodePayload("002a")).toEqual({ error: PAYLOAD_TEXTS.tooShort });
    expect(decodePayload("00".repeat(65))).toEqual({ error: PAYLOAD_TEXTS.tooLong });
    expect(decodePayload("")).toEqual({ error: PAYLOAD_TEXTS.tooShort });
  });
});
