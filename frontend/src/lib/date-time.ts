const DATE_TIME = new Intl.DateTimeFormat("en-GB", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/**
 * A moment as the dashboard shows it: "dd/mm/yyyy, hh:mm" in the browser's time zone.
 * @param iso an ISO timestamp.
 * @returns null when absent, unreadable or not after the epoch (a never-set date).
 */
export function formatDateTime(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) || date.getTime() <= 0 ? null : DATE_TIME.format(date);
}
