import { randomUUID } from "node:crypto";
import type { S3Client } from "@aws-sdk/client-s3";
import { requireEnv } from "./config.ts";
import { sharedPromise } from "./shared-promise.ts";
import { traced } from "./tracer.ts";

/** Key prefix of every avatar object; the web distribution serves it at `/avatars/*`. */
export const AVATARS_PREFIX = "avatars/";

/**
 * The S3 SDK module, imported at the first upload or delete of a process rather than at module load
 * (the pattern of the Secrets Manager client, `secrets-manager.ts`): the avatar group's cold start no
 * longer loads the S3 client module (BENCHMARKS.md, "Cold start"). A failed import is tried again.
 */
const s3Sdk = sharedPromise(() => import("@aws-sdk/client-s3"));

let client: S3Client | undefined;

/**
 * The S3 client, built once per cold start, at its first use. A local endpoint
 * (`AWS_ENDPOINT_URL_S3`, the local runtime's object store) is addressed path-style; on AWS the
 * regional endpoint, virtual-hosted.
 */
async function s3(): Promise<S3Client> {
  const { S3Client } = await s3Sdk();
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
  const { PutObjectCommand } = await s3Sdk();
  await (await s3()).send(
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
  const { DeleteObjectCommand } = await s3Sdk();
  await (await s3()).send(
    new DeleteObjectCommand({ Bucket: requireEnv("AVATARS_BUCKET"), Key: path.slice(1) }),
  );
}
