/** `refresh-google-ads` / `GET /api/auth` -> `RefreshGoogleAds` / `GetApiAuth`: construct ids from names. */
export function pascal(s: string): string {
  return s
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((w) => (w[0] as string).toUpperCase() + w.slice(1))
    .join("");
}
