/** Options of {@link approveConsent}. */
export interface ConsentChoice {
  /** Email typed on the consent page (default: the page's default, demo@pacer.test). */
  email?: string;
  /** Keep only these scopes ticked (default: all requested scopes). */
  scopes?: string[];
  /** Press Deny instead of Approve. */
  deny?: boolean;
}

/**
 * Plays the user on a sandbox consent page without a browser: GETs the authorize URL, reads the
 * form, submits it with Approve (or Deny), and returns the redirect target the platform sent the
 * popup to (the product's return page URL with `code`, `state`, `scope` or the error parameters).
 */
export async function approveConsent(authorizeUrl: string, choice: ConsentChoice = {}): Promise<URL> {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}: ${html.slice(0, 200)}`);
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error("no consent form on the page");
  const decodeEntities = (s: string) =>
    s.replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)));
  const form = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form.append(m[1] as string, decodeEntities(m[2] as string));
  }
  const requested = [...html.matchAll(/<input type="checkbox" name="scope" value="([^"]*)"/g)].map((m) =>
    decodeEntities(m[1] as string),
  );
  for (const s of choice.scopes ?? requested) form.append("scope", s);
  const defaultEmail = /<input type="email" name="email" value="([^"]*)"/.exec(html)?.[1] ?? "";
  form.set("email", choice.email ?? decodeEntities(defaultEmail));
  form.set("name", "Pacer Demo");
  form.set("decision", choice.deny ? "deny" : "approve");
  const answer = await fetch(decodeEntities(action), {
    method: "POST",
    body: form,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
  const location = answer.headers.get("location");
  if (answer.status !== 302 || !location) throw new Error(`consent answered ${answer.status}`);
  return new URL(location);
}
