import { crc32, deflateSync } from "node:zlib";

/**
 * Hand-built images for the avatar tests: valid PNGs assembled chunk by chunk (so a test can make a
 * huge picture that is tiny on disk, or a small picture that is huge on disk), and JPEG headers.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: length, type, data, CRC-32 of type and data. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.byteLength, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A valid black-and-white PNG (1 bit per pixel, all black) of `width` x `height`: zlib shrinks its
 * rows of zeros, so 6,300 x 6,300 (39.7 megapixels, about 160 MB once decoded to RGBA) is a few
 * kilobytes. `padding` adds a private ancillary chunk of that many bytes (a decoder skips it), to
 * make the file as large as wanted.
 */
export function aBlackPng(width: number, height: number, padding = 0): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filtering, no interlace
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter byte 0 + zero bits per row
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk("IHDR", ihdr),
    ...(padding > 0 ? [pngChunk("pcEr", Buffer.alloc(padding, 0x2a))] : []),
    pngChunk("IDAT", deflateSync(rows)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A PNG of exactly `size` bytes (a small picture padded with a private ancillary chunk). */
export function aPngOfSize(size: number): Buffer {
  const bare = aBlackPng(16, 16);
  const chunkOverhead = 12;
  return aBlackPng(16, 16, size - bare.byteLength - chunkOverhead);
}

/**
 * The start of a baseline JPEG declaring `width` x `height` in its frame header (SOI, an APP0
 * segment, SOF0): enough for a header reader, not a decodable image.
 */
export function aJpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof0 = Buffer.alloc(19);
  sof0.set([0xff, 0xc0, 0x00, 0x11, 8]);
  sof0.writeUInt16BE(height, 5);
  sof0.writeUInt16BE(width, 7);
  sof0.set([3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1], 9);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof0, Buffer.from([0xff, 0xd9])]);
}
