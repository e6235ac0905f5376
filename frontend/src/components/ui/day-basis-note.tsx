import { UTC_DAY_MARKER, utcDayNote } from "@pacer/core/day-basis";
import { channelName } from "../../lib/platforms";
import type { TrackerView } from "../../lib/tracker-types";
import { Tooltip } from "./tooltip";

/** The parts of a tracker the day-basis note reads. */
type DayBasisTracker = Pick<TrackerView, "dayBasis" | "dataSource">;

/**
 * The note of a tracker whose platform reports UTC days (`dayBasis: "utc"`, e.g. 'LinkedIn Ads
 * reports days in UTC: today's figures follow UTC midnight, not the ad account's time zone.'), or
 * null for a tracker on its ad account's days (or a list answer without the field).
 */
export function utcDayNoteOf(tracker: DayBasisTracker): string | null {
  if (tracker.dayBasis !== "utc") return null;
  return utcDayNote(channelName(tracker.dataSource?.integration?.slug ?? ""));
}

/**
 * A small 'UTC days' marker with the note as its tooltip and accessible name, beside a tracker's
 * name in the dashboard row (its spend today, yesterday and month to date are UTC days). Nothing for
 * a tracker on its account's days. Information beyond the spec: no row state changes.
 */
export function DayBasisMarker({ tracker }: { tracker: DayBasisTracker }) {
  const note = utcDayNoteOf(tracker);
  if (!note) return null;
  return (
    <Tooltip content={note} focusable>
      <span className="day-basis-marker" role="img" aria-label={note}>
        {UTC_DAY_MARKER}
      </span>
    </Tooltip>
  );
}

/** The note as a line of text (Manage Tracker modal, Warnings dialog); nothing on account days. */
export function DayBasisNote({ tracker }: { tracker: DayBasisTracker }) {
  const note = utcDayNoteOf(tracker);
  return note ? (
    <p className="muted day-basis-note" data-testid="day-basis-note">
      {note}
    </p>
  ) : null;
}
