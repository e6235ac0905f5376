/** The analytics data layer (spec pods-budgets-alerts-users-connections.md 7.8). */
declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/** Pushes one event onto `window.dataLayer`, creating it when absent. */
export function pushDataLayer(event: Record<string, unknown>): void {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(event);
}

/** The registration event: method `email` or `google_auth`. */
export function pushRegistrationEvent(method: "email" | "google_auth"): void {
  pushDataLayer({ event: "registration", method });
}
