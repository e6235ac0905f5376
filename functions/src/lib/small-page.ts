import { appOrigin } from "./links.ts";
import { escapeHtml } from "./mailer.ts";

/** What a small page says: see {@link smallPage}. */
export interface SmallPage {
  /** The page's heading, plain text (escaped here). */
  heading: string;
  /** The page's body, HTML already escaped by the caller (a paragraph, a form). */
  bodyHtml: string;
  /** The one link back into the web app: a path of the app (e.g. `/alerts`) and its words. */
  link: { path: string; text: string };
  /** The browser tab's title before " - Pacer", plain text; the heading when absent. */
  title?: string;
}

/**
 * The markup of the small HTML pages the API serves to a browser outside the web app (the e-mail
 * confirmation page, the digest unsubscribe page, the Slack install's outcome): a heading, a body
 * and one link into the app at the configured `APP_ORIGIN`, with inline style only. Serve it with
 * `htmlPage` (its headers allow no script and only the page's own form).
 * @throws when `APP_ORIGIN` is not configured (as every link the product builds).
 */
export function smallPage({ heading, bodyHtml, link, title = heading }: SmallPage): string {
  const href = `${escapeHtml(appOrigin())}${escapeHtml(link.path)}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} - Pacer</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:640px;margin:3rem auto;padding:0 1rem;color:#1b1f24}button{font:inherit;padding:.5rem 1rem}</style></head>
<body><h1>${escapeHtml(heading)}</h1>${bodyHtml}<p><a href="${href}">${escapeHtml(link.text)}</a></p></body></html>`;
}
