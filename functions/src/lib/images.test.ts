import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { aBlackPng, aJpegHeader } from "../../testing/images.ts";
import { AppError } from "./errors.ts";
import {
  AVATAR_MAX_PIXELS,
  AVATAR_TEXTS,
  decodeUpload,
  imageDimensions,
  reencodeAvatar,
  sniffImageType,
} from "./images.ts";

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

  it("re-encodes a JPEG upload too, keeping small images at their size", async () => {
    const source = jpeg.encode({ width: 40, height: 30, data: Buffer.alloc(40 * 30 * 4, 128) }, 90).data;
    const out = await reencodeAvatar(Buffer.from(source));
    expect([out.width, out.height]).toEqual([40, 30]);
    expect(out.bytes.equals(Buffer.from(source))).toBe(false);
  });

  it("drops anything after a JPEG's image data (a polyglot's payload does not survive)", async () => {
    const payload = Buffer.from("<script>alert(1)</script>");
    const source = jpeg.encode({ width: 8, height: 8, data: Buffer.alloc(8 * 8 * 4, 90) }, 90).data;
    const out = await reencodeAvatar(Buffer.concat([Buffer.from(source), payload]));
    expect(out.bytes.includes(payload)).toBe(false);
  });

  it("refuses a PNG with data after its end", async () => {
    const payload = Buffer.from("<script>alert(1)</script>");
    await expect(reencodeAvatar(Buffer.concat([png(8, 8, [10, 20, 30, 255]), payload]))).rejects.toThrowError(
      AVATAR_TEXTS.wrongType,
    );
  });

  it("refuses a PNG whose header announces a huge picture before decoding it, with a 413 naming the limit", async () => {
    const bytes = png(2, 2, [0, 0, 0, 255]);
    bytes.writeUInt32BE(100_000, 16);
    bytes.writeUInt32BE(100_000, 20);
    await expect(reencodeAvatar(bytes)).rejects.toThrowError(AVATAR_TEXTS.tooManyPixels(100_000, 100_000));
  });

  it("refuses a small valid PNG of 39.7 megapixels (160 MB decoded) from its header, before decoding", async () => {
    const bomb = aBlackPng(6300, 6300);
    expect(bomb.byteLength).toBeLessThan(40_000);
    const error = await reencodeAvatar(bomb).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 413, code: "PAYLOAD_TOO_LARGE", field: "body.buff" });
    expect((error as AppError).message).toBe(
      "This image is too big (6,300 x 6,300 pixels), please upload an image of at most 25 megapixels",
    );
  });

  it("refuses a JPEG whose frame header announces more than 25 megapixels, before decoding", async () => {
    await expect(reencodeAvatar(aJpegHeader(6000, 6000))).rejects.toThrowError(
      AVATAR_TEXTS.tooManyPixels(6000, 6000),
    );
    await expect(reencodeAvatar(aJpegHeader(5001, 5000))).rejects.toThrowError(
      AVATAR_TEXTS.tooManyPixels(5001, 5000),
    );
  });

  it("reads the pixel size from the header of every accepted type, without decoding", () => {
    const jpg = Buffer.from(
      jpeg.encode({ width: 40, height: 30, data: Buffer.alloc(40 * 30 * 4, 1) }, 90).data,
    );
    expect(imageDimensions(jpg, "jpeg")).toEqual({ width: 40, height: 30 });
    expect(imageDimensions(aJpegHeader(5000, 5000), "jpeg")).toEqual({ width: 5000, height: 5000 });
    expect(imageDimensions(png(7, 3, [0, 0, 0, 255]), "png")).toEqual({ width: 7, height: 3 });
    expect(imageDimensions(aBlackPng(6300, 6300), "png")).toEqual({ width: 6300, height: 6300 });
    expect(imageDimensions(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2]), "jpeg")).toBeUndefined();
    expect(imageDimensions(png(1, 1, [0, 0, 0, 255]).subarray(0, 20), "png")).toBeUndefined();
    expect(AVATAR_MAX_PIXELS).toBe(25_000_000);
  });

  it("reads base64 and data URLs, and refuses other text", () => {
    expect(decodeUpload("data:image/png;base64,AAEC")).toEqual(Buffer.from([0, 1, 2]));
    expect(decodeUpload("AAEC")).toEqual(Buffer.from([0, 1, 2]));
    expect(() => decodeUpload("not base64!")).toThrow(AppError);
  });
});
