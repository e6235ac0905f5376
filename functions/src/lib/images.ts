import { AVATAR_WRONG_TYPE } from "../../contract/billing.ts";
import { AppError } from "./errors.ts";

/** Largest accepted upload (spec overview-access-account.md sections 5 and 9: 10,000,000 bytes). */
export const AVATAR_MAX_BYTES = 10_000_000;
/**
 * Largest request body of the avatar call: the base64 of {@link AVATAR_MAX_BYTES} (4 characters per
 * 3 bytes) plus room for a data-URL prefix, the file name and the JSON around them. Above it the call
 * answers the spec's 413 text without reading further.
 */
export const AVATAR_MAX_BODY_BYTES = Math.ceil(AVATAR_MAX_BYTES / 3) * 4 + 64 * 1024;
/**
 * Largest accepted picture, read from the file's header before any decoding: 25,000,000 pixels
 * (about 100 MB once decoded to RGBA). A small file can announce a huge picture (a decompression
 * bomb: a 5 KB PNG of 39.7 megapixels decodes to 160 MB), so the byte limit alone does not bound
 * the work.
 */
export const AVATAR_MAX_PIXELS = 25_000_000;
/** The spec's rejection texts (section 5), and the pixel limit's (the spec has none). */
export const AVATAR_TEXTS = {
  tooBig: "This file is too big, please upload a file less than 5Mb",
  wrongType: AVATAR_WRONG_TYPE,
  tooManyPixels: (width: number, height: number) =>
    `This image is too big (${width.toLocaleString("en-GB")} x ${height.toLocaleString("en-GB")} pixels), please upload an image of at most ${AVATAR_MAX_PIXELS / 1_000_000} megapixels`,
} as const;
/** Stored avatars fit in this square (the web app crops to a square of at most 100 px). */
export const AVATAR_MAX_SIDE = 256;

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type an upload's first bytes say it is (the file name and declared type are not trusted). */
export function sniffImageType(bytes: Buffer): "jpeg" | "png" | undefined {
  if (bytes.subarray(0, 3).equals(JPEG_MAGIC)) return "jpeg";
  if (bytes.subarray(0, 8).equals(PNG_MAGIC)) return "png";
  return undefined;
}

const wrongType = () => new AppError("UNSUPPORTED_MEDIA_TYPE", AVATAR_TEXTS.wrongType, "body.buff");

/** An image's size in pixels as its header declares it. */
export interface PixelSize {
  width: number;
  height: number;
}

/** JPEG start-of-frame markers (SOF0..SOF15 except DHT C4, JPG C8 and DAC CC): they carry the size. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * Reads the picture size an image declares, without decoding it: PNG from its first chunk, which
 * must be IHDR (width and height, 32-bit big-endian); JPEG from its first frame header (SOFn:
 * height then width, 16-bit), walking the segments before it by their lengths. Undefined when the
 * header is missing, cut short or declares a zero size (not an image we accept).
 */
export function imageDimensions(bytes: Buffer, type: "jpeg" | "png"): PixelSize | undefined {
  let size: PixelSize | undefined;
  if (type === "png") {
    if (bytes.length >= 24 && bytes.toString("latin1", 12, 16) === "IHDR")
      size = { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  } else {
    let i = 2; // after SOI
    while (!size && i + 4 <= bytes.length) {
      if (bytes[i] !== 0xff) return undefined;
      const marker = bytes[i + 1] ?? 0;
      if (marker === 0xff) {
        i++; // fill byte
        continue;
      }
      i += 2;
      if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) continue; // no length
      if (marker === 0xd9 || marker === 0xda) return undefined; // end, or scan data before any frame
      const length = bytes.readUInt16BE(i);
      if (length < 2) return undefined;
      if (isStartOfFrame(marker)) {
        if (i + 7 > bytes.length) return undefined;
        size = { width: bytes.readUInt16BE(i + 5), height: bytes.readUInt16BE(i + 3) };
      }
      i += length;
    }
  }
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}

interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * The JPEG and PNG codecs (jpeg-js, pngjs), imported at the first avatar re-encoded rather than at
 * load: the avatar group's other routes (reading, removing) decode nothing.
 */
async function codecs() {
  const [jpeg, { PNG }] = await Promise.all([import("jpeg-js"), import("pngjs")]);
  return { jpeg: jpeg.default ?? jpeg, PNG };
}

type Codecs = Awaited<ReturnType<typeof codecs>>;

/** Decodes an image whose header was checked (size within {@link AVATAR_MAX_PIXELS}). */
function decode({ jpeg, PNG }: Codecs, bytes: Buffer, type: "jpeg" | "png"): Rgba {
  try {
    if (type === "jpeg") {
      const img = jpeg.decode(bytes, {
        useTArray: true,
        formatAsRGBA: true,
        maxResolutionInMP: AVATAR_MAX_PIXELS / 1_000_000,
        maxMemoryUsageInMB: 512,
      });
      return { width: img.width, height: img.height, data: img.data };
    }
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
 * a JPEG or PNG by its magic bytes with a readable header (else 415 with the spec's text), at most
 * 25 megapixels by that header, before any decoding (else 413 naming the size and the limit), that
 * decodes (else 415), then scaled to fit 256 px, transparency on white, and written anew as a JPEG:
 * nothing of the uploaded file (metadata, trailing data, a polyglot) survives.
 * @throws AppError 413 PAYLOAD_TOO_LARGE or 415 UNSUPPORTED_MEDIA_TYPE, field `body.buff` (the promise rejects).
 */
export async function reencodeAvatar(bytes: Buffer): Promise<{
  bytes: Buffer;
  contentType: "image/jpeg";
  width: number;
  height: number;
}> {
  if (bytes.byteLength > AVATAR_MAX_BYTES)
    throw new AppError("PAYLOAD_TOO_LARGE", AVATAR_TEXTS.tooBig, "body.buff");
  const type = sniffImageType(bytes);
  if (!type) throw wrongType();
  const size = imageDimensions(bytes, type);
  if (!size) throw wrongType();
  if (size.width * size.height > AVATAR_MAX_PIXELS)
    throw new AppError("PAYLOAD_TOO_LARGE", AVATAR_TEXTS.tooManyPixels(size.width, size.height), "body.buff");
  const codec = await codecs();
  const fitted = fitOnWhite(decode(codec, bytes, type), AVATAR_MAX_SIDE);
  const encoded = codec.jpeg.encode({ width: fitted.width, height: fitted.height, data: fitted.data }, 85);
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
