import { STALE_TEXTS, type Staleness } from "@pacer/core/row-state";
import { formatDateTime } from "../../../lib/date-time";
import { channelName } from "../../../lib/platforms";
import type { TrackerView } from "../../../lib/tracker-types";

/**
 * The freshness lines of a tracker's Warnings dialog (data freshness, beyond the spec): when its
 * figures were last fetched successfully (or that none were since it was created), the last refresh
 * failure with its time and message when that is the cause, and the platform's reporting lag.
 */
export function FreshnessWarnings({ tracker, staleness }: { tracker: TrackerView; staleness: Staleness }) {
  const since = formatDateTime(staleness.since) ?? staleness.since;
  const lag = tracker.reportingLagHours;
  const platform = channelName(tracker.dataSource?.integration?.slug ?? "");
  const { cause } = staleness;
  return (
    <div className="stack freshness-warnings" data-testid="freshness-warnings">
      <p className="status-text-warning">
        <strong>Stale</strong>
      </p>
      <p>{staleness.neverRefreshed ? STALE_TEXTS.neverFetched(since) : STALE_TEXTS.lastSuccess(since)}</p>
      {cause.kind === "failure" ? (
        <>
          <p>{STALE_TEXTS.lastFailure(formatDateTime(cause.at) ?? cause.at)}</p>
          {cause.title && cause.title !== cause.msg && <p className="text-danger">{cause.title}</p>}
          <p>{cause.msg}</p>
        </>
      ) : (
        <p>{STALE_TEXTS.noSuccessSince(since)}</p>
      )}
      {lag != null && <p className="muted">{STALE_TEXTS.reportingLag(platform, lag)}</p>}
    </div>
  );
}
