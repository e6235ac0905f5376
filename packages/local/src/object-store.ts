import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join, normalize, sep } from "node:path";

/** One stored object. */
export interface StoredObject {
  body: Buffer;
  contentType: string;
  cacheControl?: string;
  etag: string;
}

/**
 * The local stand-in for Amazon S3: objects as files under `<dir>/<bucket>/<key>` with a JSON
 * sidecar for their headers. It answers the path-style REST calls the AWS SDK makes for
 * `PutObject`, `GetObject`, `HeadObject` and `DeleteObject` (with `AWS_ENDPOINT_URL_S3` pointing at
 * it), so the functions' S3 code is the same locally; the local app server reads it to serve
 * `/avatars/*` the way CloudFront serves that path from the bucket.
 */
export class LocalObjectStore {
  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  private file(bucket: string, key: string): string | undefined {
    const path = normalize(join(this.dir, bucket, key));
    return path.startsWith(join(this.dir, bucket) + sep) ? path : undefined;
  }

  /** Stores an object; returns its ETag. */
  put(bucket: string, key: string, body: Buffer, contentType: string, cacheControl?: string): string {
    const file = this.file(bucket, key);
    if (!file) throw new Error("Invalid object key");
    const etag = `"${createHash("md5").update(body).digest("hex")}"`;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, body);
    writeFileSync(`${file}.meta.json`, JSON.stringify({ contentType, cacheControl, etag }));
    return etag;
  }

  /** An object, or undefined when there is none. */
  get(bucket: string, key: string): StoredObject | undefined {
    const file = this.file(bucket, key);
    if (!file || key.endsWith(".meta.json")) return undefined;
    try {
      const meta = JSON.parse(readFileSync(`${file}.meta.json`, "utf8")) as Omit<StoredObject, "body">;
      return { ...meta, body: readFileSync(file) };
    } catch {
      return undefined;
    }
  }

  /** Deletes an object (no error when it is absent, as S3). */
  delete(bucket: string, key: string): void {
    const file = this.file(bucket, key);
    if (!file) return;
    rmSync(file, { force: true });
    rmSync(`${file}.meta.json`, { force: true });
  }

  /**
   * Answers one path-style S3 REST request (`/<bucket>/<key>`): PUT stores, GET/HEAD read, DELETE
   * removes; an absent object is a 404 `NoSuchKey` error document.
   */
  handle(
    method: string,
    path: string,
    headers: IncomingMessage["headers"],
    body: Buffer,
    res: ServerResponse,
  ): void {
    const [bucket = "", ...rest] = decodeURIComponent(path).split("/").filter(Boolean);
    const key = rest.join("/");
    if (!bucket || !key) {
      s3Error(res, 400, "InvalidRequest", "Bucket and key are required");
      return;
    }
    if (method === "PUT") {
      const contentType = String(headers["content-type"] ?? "application/octet-stream");
      const cacheControl = headers["cache-control"] ? String(headers["cache-control"]) : undefined;
      const etag = this.put(bucket, key, body, contentType, cacheControl);
      res.writeHead(200, { etag, "content-length": 0 });
      res.end();
      return;
    }
    if (method === "DELETE") {
      this.delete(bucket, key);
      res.writeHead(204);
      res.end();
      return;
    }
    if (method === "GET" || method === "HEAD") {
      const object = this.get(bucket, key);
      if (!object) {
        s3Error(res, 404, "NoSuchKey", "The specified key does not exist.", method === "HEAD");
        return;
      }
      res.writeHead(200, {
        "content-type": object.contentType,
        "content-length": object.body.byteLength,
        etag: object.etag,
        ...(object.cacheControl ? { "cache-control": object.cacheControl } : {}),
      });
      res.end(method === "HEAD" ? undefined : object.body);
      return;
    }
    s3Error(res, 405, "MethodNotAllowed", `${method} is not supported locally`);
  }
}

function s3Error(res: ServerResponse, status: number, code: string, message: string, headOnly = false): void {
  const body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;
  res.writeHead(status, {
    "content-type": "application/xml",
    "content-length": headOnly ? 0 : Buffer.byteLength(body),
  });
  res.end(headOnly ? undefined : body);
}

/**
 * A stand-alone S3 endpoint over a {@link LocalObjectStore} on 127.0.0.1 (for the integration tests;
 * the local runtime serves the same store from its AWS endpoint).
 */
export async function startObjectStoreServer(
  dir: string,
): Promise<{ url: string; store: LocalObjectStore; stop(): Promise<void> }> {
  const store = new LocalObjectStore(dir);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () =>
      store.handle(
        req.method ?? "GET",
        new URL(req.url ?? "/", "http://x").pathname,
        req.headers,
        Buffer.concat(chunks),
        res,
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    store,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
