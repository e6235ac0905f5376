import { randomUUID } from "node:crypto";
import { DeleteObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { requireEnv } from "./config.ts";
import { traced } from "./tracer.ts";

/** Key prefix of every avatar object; the web distribution serves it at `/avatars/*`. */
export const AVATARS_PREFIX = "avatars/";

let client: S3Client | undefined;

/**
 * The S3 client, built once per cold start. A local endpoint (`AWS_ENDPOINT_URL_S3`, the local
 * runtime's object store) is addressed path-style; on AWS the regional endpoint, virtual-hosted.
 */
function s3(): S3Client {
  client ??= traced(new S3Client({ forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3) }));
  return client;
}

/**
 * Stores a re-encoded avatar in the avatars bucket (`AVATARS_BUCKET`) under
 * `avatars/<accountId>/<random uuid>.<ext>`, cacheable for ever (a new upload gets a new key).
 * @returns the path the web app shows it from, `/avatars/<accountId>/<uuid>.<ext>`.
 */
export async function putAvatar(
  accountId: string,
  image: { bytes: Buffer; contentType: string },
): Promise<string> {
  const ext = image.contentType === "image/png" ? "png" : "jpg";
  const key = `${AVATARS_PREFIX}${accountId}/${randomUUID()}.${ext}`;
  await s3().send(
    new PutObjectCommand({
      Bucket: requireEnv("AVATARS_BUCKET"),
      Key: key,
      Body: image.bytes,
      ContentType: image.contentType,
      CacheControl: "public, max-age=31536000, immutable",
    }),
  );
  return `/${key}`;
}

/**
 * Deletes a replaced avatar of the same account. Paths of other accounts, and values that are not
 * stored avatars (a default avatar name), are left alone.
 */
export async function deleteAvatar(accountId: string, path: string | undefined): Promise<void> {
  const prefix = `/${AVATARS_PREFIX}${accountId}/`;
  if (!path?.startsWith(prefix) || path.includes("..")) return;
  await s3().send(new DeleteObjectCommand({ Bucket: requireEnv("AVATARS_BUCKET"), Key: path.slice(1) }));
}
