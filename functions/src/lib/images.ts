import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { AppError } from "./errors.ts";

/** Largest accepted upload (spec overview-access-account.md sections 5 and 9: 10,000,000 bytes). */
export const AVATAR_MAX_BYTES = 10_000_000;
/** The spec's rejection texts (section 5). */
export const AVATAR_TEXTS = {
  tooBig: "This file is too big, please upload a file less than 5Mb",
  wrongType: "File type not accepted, please upload a JPG or PNG file",
} as const;
/** Stored avatars fit in this square (the web app crops to a square of at most 100 px). */
export const AVATAR_MAX_SIDE = 256;
/** Decoding limit: images above this many pixels are refused before decoding (no decompression bombs). */
const MAX_PIXELS = 40_000_000;

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type an upload's first bytes say it is (the file name and declared type are not trusted). */
export function sniffImageType(bytes: Buffer): "jpeg" | "png" | undefined {
  if (bytes.subarray(0, 3).equals(JPEG_MAGIC)) return "jpeg";
  if (bytes.subarray(0, 8).equals(PNG_MAGIC)) return "png";
  return undefined;
}

const wrongType = () => new AppError("UNSUPPORTED_MEDIA_TYPE", AVATAR_TEXTS.wrongType, "body.buff");

interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

function decode(bytes: Buffer, type: "jpeg" | "png"): Rgba {
  try {
    if (type === "jpeg") {
      const img = jpeg.decode(bytes, {
        useTArray: true,
        formatAsRGBA: true,
        maxResolutionInMP: MAX_PIXELS / 1_000_000,
        maxMemoryUsageInMB: 512,
      });
      return { width: img.width, height: img.height, data: img.data };
    }
    // IHDR: width and height are the big-endian words at bytes 16 and 20.
    if (bytes.length < 24 || bytes.readUInt32BE(16) * bytes.readUInt32BE(20) > MAX_PIXELS) throw wrongType();
    const img = PNG.sync.read(bytes);
    return { width: img.width, height: img.height, data: img.data };
  } catch {
    throw wrongType();
  }
}

/**
 * Scales an RGBA image to fit `maxSide` (area average) and flattens transparency onto white (spec
 * section 5: transparent pixels are filled white), giving opaque RGBA pixels.
 */
function fitOnWhite(img: Rgba, maxSide: number): Rgba {
  const scale = Math.min(1, maxSide / Math.max(img.width, img.height));
  const width = Math.max(1, Math.round(img.width * scale));
  const height = Math.max(1, Math.round(img.height * scale));
  const out = new Uint8Array(width * height * 4);
  const sx = img.width / width;
  const sy = img.height / height;
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y * sy);
    const y1 = Math.max(y0 + 1, Math.floor((y + 1) * sy));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x * sx);
      const x1 = Math.max(x0 + 1, Math.floor((x + 1) * sx));
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (let yy = y0; yy < y1; yy++) {
        for (let xx = x0; xx < x1; xx++) {
          const i = (yy * img.width + xx) * 4;
          const a = (img.data[i + 3] ?? 255) / 255;
          r += (img.data[i] ?? 0) * a + 255 * (1 - a);
          g += (img.data[i + 1] ?? 0) * a + 255 * (1 - a);
          b += (img.data[i + 2] ?? 0) * a + 255 * (1 - a);
          n++;
        }
      }
      const o = (y * width + x) * 4;
      out[o] = Math.round(r / n);
      out[o + 1] = Math.round(g / n);
      out[o + 2] = Math.round(b / n);
      out[o + 3] = 255;
    }
  }
  return { width, height, data: out };
}

/**
 * Checks and re-encodes an avatar upload: at most 10,000,000 bytes (else 413 with the spec's text),
 * a JPEG or PNG by its magic bytes that decodes (else 415 with the spec's text), then scaled to fit
 * 256 px, transparency on white, and written anew as a JPEG: nothing of the uploaded file (metadata,
 * trailing data, a polyglot) survives.
 */
export function reencodeAvatar(bytes: Buffer): {
  bytes: Buffer;
  contentType: "image/jpeg";
  width: number;
  height: number;
} {
  if (bytes.byteLength > AVATAR_MAX_BYTES)
    throw new AppError("PAYLOAD_TOO_LARGE", AVATAR_TEXTS.tooBig, "body.buff");
  const type = sniffImageType(bytes);
  if (!type) throw wrongType();
  const fitted = fitOnWhite(decode(bytes, type), AVATAR_MAX_SIDE);
  const encoded = jpeg.encode({ width: fitted.width, height: fitted.height, data: fitted.data }, 85);
  return {
    bytes: Buffer.from(encoded.data),
    contentType: "image/jpeg",
    width: fitted.width,
    height: fitted.height,
  };
}

/**
 * The bytes of the spec's `buff` field: base64, optionally as a data URL (`data:image/png;base64,...`).
 * @throws AppError 415 for anything that is not base64.
 */
export function decodeUpload(buff: string): Buffer {
  const base64 = buff.startsWith("data:") ? buff.slice(buff.indexOf(",") + 1) : buff;
  if (!/^[A-Za-z0-9+/=_-]*$/.test(base64)) throw wrongType();
  return Buffer.from(base64, "base64");
}
