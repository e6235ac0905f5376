/**
 * An authorize URL asking for more scopes: `scopes` added to its `scope` parameter (those already
 * there kept once), joined with the separator the platform's own list uses (a comma when the list
 * has one, as Meta and Pinterest write it, else a space, RFC 6749 3.3). A URL without a `scope`
 * parameter gets one. The connect flow asks a connector's `writeScopes` this way when AutoPilot
 * needs to change campaigns, so every connector's consent URL takes them without its own code.
 */
export function withScopes(authorizeUrl: string, scopes: readonly string[]): string {
  if (scopes.length === 0) return authorizeUrl;
  const url = new URL(authorizeUrl);
  const current = url.searchParams.get("scope") ?? "";
  const separator = current.includes(",") ? "," : " ";
  const list = current.split(/[\s,]+/).filter(Boolean);
  for (const scope of scopes) if (!list.includes(scope)) list.push(scope);
  url.searchParams.set("scope", list.join(separator));
  return url.toString();
}
