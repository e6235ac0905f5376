/**
 * The remembered redirect after login (spec section 2.1): the requested path is remembered on an
 * auth error unless it is /, /login, or starts with /reset-password or /forgot-password, and it is
 * followed once after login, then cleared.
 */
const KEY = "redirectAfterLogin";

export function rememberRedirect(path: string): void {
  if (
    path === "/" ||
    path === "/login" ||
    path.startsWith("/reset-password") ||
    path.startsWith("/forgot-password")
  )
    return;
  sessionStorage.setItem(KEY, path);
}

export function takeRedirect(): string | null {
  const path = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return path;
}
