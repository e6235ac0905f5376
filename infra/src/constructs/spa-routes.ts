import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * The files the SPA build serves from its root (Vite copies `public/` there next to `index.html`):
 * the built folder's top-level files when it exists, and always those of `frontend/public`.
 */
export function rootFiles(webRoot: string, publicDir: string): string[] {
  const files = new Set<string>();
  for (const dir of [webRoot, publicDir]) {
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) if (statSync(join(dir, name)).isFile()) files.add(`/${name}`);
  }
  return [...files].sort();
}

/**
 * Source of the CloudFront Function (viewer request, default behavior only) that gives the SPA its
 * deep links: a request for a built asset (`/assets/…`) or a root file is left alone; any other
 * path (`/dashboard`, `/register-invited-user/a/Viewer/jo@example.com`, `/google-ads-response?…`)
 * is answered with `/index.html`, which then routes in the browser.
 *
 * This replaces the distribution-wide "403/404 -> /index.html" custom error responses, which would
 * also rewrite the API's own 403 and 404 answers (a role refused, another account's id) into a
 * 200 HTML page. Only the SPA's behavior runs this function; `/api/*`, `/ws` and `/avatars/*`
 * answer their real statuses.
 */
export function spaRoutesSource(files: readonly string[]): string {
  return [
    `var ROOT_FILES = ${JSON.stringify(files)};`,
    "function handler(event) {",
    "  var request = event.request;",
    "  var uri = request.uri;",
    "  if (uri.indexOf('/assets/') === 0 || ROOT_FILES.indexOf(uri) !== -1) return request;",
    "  request.uri = '/index.html';",
    "  return request;",
    "}",
  ].join("\n");
}
