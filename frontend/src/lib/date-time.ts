/**
 * The formatter of {@link formatDateTime}, built on first use: building an `Intl.DateTimeFormat`
 * loads its locale's date patterns (several ms), which the page's first screen should not wait for
 * when it shows no such moment (the dashboard's header says 'updating now....' while it loads).
 */
let dateTime: Intl.DateTimeFormat | undefined;

/**
 * A moment as the dashboard shows it: "dd/mm/yyyy, hh:mm" in the browser's time zone.
 * @param iso an ISO timestamp.
 * @returns null when absent, unreadable or not after the epoch (a never-set date).
 */
export function formatDateTime(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime()) || date.getTime() <= 0) return null;
  dateTime ??= new Intl.DateTimeFormat("en-GB", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
  return dateTime.format(date);
}
