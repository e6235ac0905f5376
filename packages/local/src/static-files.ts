import { createReadStream, existsSync, statSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import { securityHeaders } from "@pacer/functions/security-headers";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json",
};

/**
 * The security headers of every answer of the local server: the ones CloudFront's response headers
 * policy sends (the same definition), except Strict-Transport-Security, which an HTTP origin may
 * not send.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = securityHeaders({ hsts: false });

/**
 * Serves the built SPA from `root` with SPA fallback: an existing file is sent (hashed assets cached
 * for a year), any other path gets `index.html` (never cached), as CloudFront maps 403/404 to it.
 * @returns false when the SPA has not been built.
 */
export function serveStatic(root: string, pathname: string, res: ServerResponse, method: string): boolean {
  const index = join(root, "index.html");
  if (!existsSync(index)) return false;
  let file = index;
  try {
    const decoded = decodeURIComponent(pathname);
    const candidate = normalize(join(root, decoded));
    if ((candidate + sep).startsWith(root + sep) && existsSync(candidate) && statSync(candidate).isFile())
      file = candidate;
  } catch {
    file = index;
  }
  const isIndex = file === index;
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    "content-type": TYPES[extname(file)] ?? "application/octet-stream",
    "content-length": statSync(file).size,
    "cache-control": isIndex
      ? "no-cache"
      : file.includes(`${sep}assets${sep}`)
        ? "public, max-age=31536000, immutable"
        : "public, max-age=3600",
  });
  if (method === "HEAD") {
    res.end();
    return true;
  }
  createReadStream(file).pipe(res);
  return true;
}
