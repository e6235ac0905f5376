/** The connect popup's size (spec pods-budgets-alerts-users-connections.md 9: 600x550). */
export const POPUP_FEATURES = "width=600,height=550";
/** Name of the connect popup window, so a second click reuses it. */
export const POPUP_NAME = "pacer-connect";

/**
 * Opens the connect popup at once (so the browser does not block it), asks `consentUrl` for the
 * platform's consent page and sends the popup there; the return page in the popup completes the
 * connection as usual. Used by 'Connect now' and AutoPilot's Reconnect (with the write scopes).
 * @throws what `consentUrl` throws (the popup is closed first)
 */
export async function openConsentPopup(consentUrl: () => Promise<string>): Promise<void> {
  const popup = window.open("", POPUP_NAME, POPUP_FEATURES);
  try {
    const target = await consentUrl();
    if (popup && !popup.closed) popup.location.href = target;
    else window.open(target, POPUP_NAME, POPUP_FEATURES);
  } catch (error) {
    popup?.close();
    throw error;
  }
}

/** The consent page of an authenticate answer (`redirectUrl` or `url`, spec 2.13). @throws when it has none */
export function consentTarget(answer: { redirectUrl?: string; url?: string }): string {
  const target = answer.redirectUrl ?? answer.url;
  if (!target) throw new Error("No authorize address");
  return target;
}
