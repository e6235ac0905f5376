import { GetObjectCommand, NoSuchKey, S3Client } from "@aws-sdk/client-s3";
import { getAccount, getUser } from "@pacer/db";
import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { aWorld } from "../../testing/builders.ts";
import { aBlackPng, aPngOfSize } from "../../testing/images.ts";

const TOO_BIG = "This file is too big, please upload a file less than 5Mb";
const WRONG_TYPE = "File type not accepted, please upload a JPG or PNG file";

/** A PNG of `width` x `height`: left half opaque red, right half fully transparent. */
function aPng(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      png.data.set(x < width / 2 ? [220, 20, 20, 255] : [0, 0, 0, 0], i);
    }
  return PNG.sync.write(png);
}

/** The stored object behind an avatar path, read with the real S3 client from the test's S3 endpoint. */
async function storedAvatar(
  path: string,
): Promise<{ bytes: Buffer; contentType?: string; cacheControl?: string }> {
  const s3 = new S3Client({ forcePathStyle: true });
  const out = await s3.send(new GetObjectCommand({ Bucket: process.env.AVATARS_BUCKET, Key: path.slice(1) }));
  return {
    bytes: Buffer.from(
      await (out.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
    ),
    ...(out.ContentType ? { contentType: out.ContentType } : {}),
    ...(out.CacheControl ? { cacheControl: out.CacheControl } : {}),
  };
}

const upload = (token: string, accountId: string, bytes: Buffer, extra: Record<string, unknown> = {}) =>
  callApi<{ avatar: string; user?: { avatar: string }; account?: { avatar: string } }>(
    "POST",
    `/api/backblaze/change-avatar/${accountId}`,
    { token, body: { buff: bytes.toString("base64"), fileName: "avatar.png", ...extra } },
  );

describe("avatar upload", () => {
  it("stores a PNG re-encoded as a JPEG in the avatars bucket under the account, cacheable for ever", async () => {
    const { Viewer, account } = await aWorld();
    const answer = await upload(Viewer.token, account.accountId, aPng(600, 300));
    expect(answer.status).toBe(200);
    expect(answer.body.avatar).toMatch(new RegExp(`^/avatars/${account.accountId}/[0-9a-f-]{36}\\.jpg$`));
    expect(answer.body.user?.avatar).toBe(answer.body.avatar);
    expect((await getUser(account.accountId, Viewer.user.userId)).avatar).toBe(answer.body.avatar);

    const image = await storedAvatar(answer.body.avatar);
    expect(image.contentType).toBe("image/jpeg");
    expect(image.cacheControl).toBe("public, max-age=31536000, immutable");
  });

  it("the stored bytes are a new JPEG of at most 256 px: white where transparent, red where opaque", async () => {
    const { Admin, account } = await aWorld();
    const answer = await upload(Admin.token, account.accountId, aPng(600, 300));
    const { bytes } = await storedAvatar(answer.body.avatar);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const decoded = jpeg.decode(bytes, { useTArray: true });
    expect([decoded.width, decoded.height]).toEqual([256, 128]);
    const at = (x: number, y: number) => [...decoded.data.subarray((y * 256 + x) * 4, (y * 256 + x) * 4 + 3)];
    for (const c of at(200, 64)) expect(c).toBeGreaterThan(240);
    const [r, g] = at(40, 64);
    expect(r).toBeGreaterThan(180);
    expect(g).toBeLessThan(70);
  });

  it("an Admin can set the account's avatar; a Viewer cannot (403); the replaced image is deleted", async () => {
    const { Admin, Viewer, account } = await aWorld();
    const viewer = await upload(Viewer.token, account.accountId, aPng(10, 10), { target: "account" });
    expect(viewer.status).toBe(403);
    const first = await upload(Admin.token, account.accountId, aPng(10, 10), { target: "account" });
    expect(first.status).toBe(200);
    expect((await getAccount(account.accountId)).avatar).toBe(first.body.avatar);
    const second = await upload(Admin.token, account.accountId, aPng(20, 20), { target: "account" });
    expect((await getAccount(account.accountId)).avatar).toBe(second.body.avatar);
    await expect(storedAvatar(first.body.avatar)).rejects.toBeInstanceOf(NoSuchKey);
    expect((await storedAvatar(second.body.avatar)).bytes.byteLength).toBeGreaterThan(0);
  });

  it("rejects by magic bytes, whatever the file name says, with the spec's text", async () => {
    const { Admin, account } = await aWorld();
    const gif = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "binary");
    const html = Buffer.from("<svg onload=alert(1)></svg>");
    const truncated = aPng(4, 4).subarray(0, 30);
    for (const bytes of [gif, html, truncated]) {
      const answer = await upload(Admin.token, account.accountId, bytes);
      expect(answer.status).toBe(415);
      expect(answer.body).toMatchObject({ message: WRONG_TYPE });
    }
    const notBase64 = await callApi("POST", `/api/backblaze/change-avatar/${account.accountId}`, {
      token: Admin.token,
      body: { buff: "%%%", fileName: "x.png" },
    });
    expect(notBase64.status).toBe(415);
    expect((await getUser(account.accountId, Admin.user.userId)).avatar).toBeUndefined();
  });

  it("rejects more than 10,000,000 bytes with the spec's text", async () => {
    const { Admin, account } = await aWorld();
    const big = Buffer.alloc(10_000_001);
    aPng(2, 2).copy(big);
    const answer = await upload(Admin.token, account.accountId, big);
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ message: TOO_BIG });
  });

  it("accepts an image of exactly 10,000,000 bytes (the spec's maximum) and refuses one more byte", async () => {
    const { Admin, account } = await aWorld();
    const largest = await upload(Admin.token, account.accountId, aPngOfSize(10_000_000));
    expect(largest.status, JSON.stringify(largest.body)).toBe(200);
    const tooLarge = await upload(Admin.token, account.accountId, aPngOfSize(10_000_001));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ message: TOO_BIG });
  });

  it("refuses a small PNG of 39.7 megapixels from its header with a 413 naming the limit; nothing is stored", async () => {
    const { Admin, account } = await aWorld();
    const answer = await upload(Admin.token, account.accountId, aBlackPng(6300, 6300));
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({
      field: "body.buff",
      message:
        "This image is too big (6,300 x 6,300 pixels), please upload an image of at most 25 megapixels",
    });
    expect((await getUser(account.accountId, Admin.user.userId)).avatar).toBeUndefined();
  });

  it("answers 404 for another account's id", async () => {
    const mine = await aWorld();
    const theirs = await aWorld();
    const answer = await upload(mine.Admin.token, theirs.account.accountId, aPng(4, 4));
    expect(answer.status).toBe(404);
  });
});
