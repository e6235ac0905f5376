/**
 * Midnight of a calendar date in an IANA time zone, written as ISO 8601 with the zone's offset
 * (`2026-03-08T00:00:00-08:00`): what X's `granularity=DAY` stats need (times aligned to the
 * account's midnight). Daylight saving is honoured: the offset is the one in force at that
 * midnight.
 */

function offsetMinutes(timeZone: string, instantMs: number): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instantMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? "0");
  const asUtc = Date.UTC(
    get("year"),
    get("month") - 1,
    get("day"),
    get("hour"),
    get("minute"),
    get("second"),
  );
  return Math.round((asUtc - instantMs) / 60_000);
}

/** The UTC instant (epoch ms) of local midnight starting `date` in `timeZone`. */
export function midnightInstant(date: string, timeZone: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`);
  const first = offsetMinutes(timeZone, wall);
  let instant = wall - first * 60_000;
  const second = offsetMinutes(timeZone, instant);
  if (second !== first) instant = wall - second * 60_000;
  return instant;
}

/** `yyyy-MM-ddT00:00:00±hh:mm` for midnight of `date` in `timeZone`. @throws RangeError for an unknown zone */
export function midnightIso(date: string, timeZone: string): string {
  const offset = Math.round((Date.parse(`${date}T00:00:00Z`) - midnightInstant(date, timeZone)) / 60_000);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date}T00:00:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
