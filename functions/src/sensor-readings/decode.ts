/**
 * The device payload layout (spec pods-budgets-alerts-users-connections.md section 2.14: "entry and
 * exit counts decoded from hexadecimal data"; the layout is ours):
 *
 * | bytes | field   | encoding                  |
 * | ----- | ------- | ------------------------- |
 * | 0-1   | entries | unsigned 16-bit big-endian |
 * | 2-3   | exits   | unsigned 16-bit big-endian |
 * | 4-    | (any)   | ignored, kept in `data`    |
 *
 * `data` is hex digits (either case), an even number of them, 4 to 64 bytes. Example: `002a0011`
 * is 42 entries and 17 exits.
 */

/** Fewest and most payload bytes accepted. */
export const PAYLOAD_BYTES = { min: 4, max: 64 } as const;

/** Why a payload cannot be decoded (the 400 message). */
export const PAYLOAD_TEXTS = {
  notHex: "data must be hexadecimal digits (0-9, a-f)",
  oddLength: "data must have an even number of hex digits (whole bytes)",
  tooShort: `data must hold at least ${PAYLOAD_BYTES.min} bytes (entries and exits, 16 bits each)`,
  tooLong: `data must hold at most ${PAYLOAD_BYTES.max} bytes`,
} as const;

/** A decoded payload: the counts and the data normalised to lower case. */
export interface DecodedPayload {
  entries: number;
  exits: number;
  data: string;
}

/**
 * Decodes entry and exit counts from a hex payload.
 * @returns the counts, or the reason the payload is malformed.
 */
export function decodePayload(hex: string): DecodedPayload | { error: string } {
  if (!/^[0-9a-fA-F]*$/.test(hex)) return { error: PAYLOAD_TEXTS.notHex };
  if (hex.length % 2 !== 0) return { error: PAYLOAD_TEXTS.oddLength };
  const bytes = Buffer.from(hex, "hex");
  if (bytes.length < PAYLOAD_BYTES.min) return { error: PAYLOAD_TEXTS.tooShort };
  if (bytes.length > PAYLOAD_BYTES.max) return { error: PAYLOAD_TEXTS.tooLong };
  return { entries: bytes.readUInt16BE(0), exits: bytes.readUInt16BE(2), data: hex.toLowerCase() };
}
