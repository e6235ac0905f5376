import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { AppError } from "./errors.ts";
import { AVATAR_TEXTS, decodeUpload, reencodeAvatar, sniffImageType } from "./images.ts";

const png = (w: number, h: number, rgba: [number, number, number, number]) => {
  const img = new PNG({ width: w, height: h });
  for (let i = 0; i < w * h; i++) img.data.set(rgba, i * 4);
  return PNG.sync.write(img);
};

describe("avatar images", () => {
  it("tells JPEG and PNG by their first bytes only", () => {
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffImageType(png(1, 1, [0, 0, 0, 255]))).toBe("png");
    expect(sniffImageType(Buffer.from("GIF89a"))).toBeUndefined();
    expect(sniffImageType(Buffer.alloc(0))).toBeUndefined();
  });

  it("re-encodes a JPEG upload too, keeping small images at their size", () => {
    const source = jpeg.encode({ width: 40, height: 30, data: Buffer.alloc(40 * 30 * 4, 128) }, 90).data;
    const out = reencodeAvatar(Buffer.from(source));
    expect([out.width, out.height]).toEqual([40, 30]);
    expect(out.bytes.equals(Buffer.from(source))).toBe(false);
  });

  it("drops anything after a JPEG's image data (a polyglot's payload does not survive)", () => {
    const payload = Buffer.from("<script>alert(1)</script>");
    const source = jpeg.encode({ width: 8, height: 8, data: Buffer.alloc(8 * 8 * 4, 90) }, 90).data;
    const out = reencodeAvatar(Buffer.concat([Buffer.from(source), payload]));
    expect(out.bytes.includes(payload)).toBe(false);
  });

  it("refuses a PNG with data after its end", () => {
    const payload = Buffer.from("<script>alert(1)</script>");
    expect(() => reencodeAvatar(Buffer.concat([png(8, 8, [10, 20, 30, 255]), payload]))).toThrowError(
      AVATAR_TEXTS.wrongType,
    );
  });

  it("refuses a PNG whose header announces a huge picture before decoding it", () => {
    const bytes = png(2, 2, [0, 0, 0, 255]);
    bytes.writeUInt32BE(100_000, 16);
    bytes.writeUInt32BE(100_000, 20);
    expect(() => reencodeAvatar(bytes)).toThrowError(AVATAR_TEXTS.wrongType);
  });

  it("reads base64 and data URLs, and refuses other text", () => {
    expect(decodeUpload("data:image/png;base64,AAEC")).toEqual(Buffer.from([0, 1, 2]));
    expect(decodeUpload("AAEC")).toEqual(Buffer.from([0, 1, 2]));
    expect(() => decodeUpload("not base64!")).toThrow(AppError);
  });
});
