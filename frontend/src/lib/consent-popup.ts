/** The connect popup's size (spec pods-budgets-alerts-users-connections.md 9: 600x550). */
export const POPUP_FEATURES = "width=600,height=550";
/** Name of the connect popup window, so a second click reuses it. */
export const POPUP_NAME = "pacer-connect";

/**
 * Opens a platform's consent page in the connect popup (the Connections page's 'Connect now' and
 * AutoPilot's Reconnect): the return page in the popup completes the connection as usual.
 */
export function openConsentPopup(url: string): void {
  window.open(url, POPUP_NAME, POPUP_FEATURES);
}
