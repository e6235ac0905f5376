import type { TrackerRow } from "./aggregate.ts";
import { groupByClient, groupByPod } from "./aggregate.ts";
import type { AlertData, AlertEvaluation, AlertLevel } from "./alerts.ts";
import { ANOMALY_METRIC, evaluateAlert, STALLED_METRIC, stalledHours } from "./alerts.ts";
import { spendAnomaly } from "./anomaly.ts";
import type { TableRow } from "./cells.ts";
import type { Pod, Tracker } from "./domain.ts";
import { trackerRowOf } from "./tracker-record.ts";
import type { Viewer } from "./visibility.ts";
import { canSeePod, canSeeTracker } from "./visibility.ts";

/**
 * An alert's targets and its rule on each of them (spec pods-budgets-alerts-users-connections.md
 * sections 2.10, 3 and 9), as the audience of one message may see them. Pure: the functions read the
 * alerts, trackers, pods and daily metrics, and write the states and send the messages.
 */

/** One target of an alert: its key (tracker id, client name or pod id), name, row and currency. */
export interface AlertCandidate {
  key: string;
  name: string;
  row: TableRow;
  currency: string | null;
}

/**
 * The targets an alert looks at, by level (spec pods-budgets-alerts-users-connections.md section 3):
 * trackers, clients (core `groupByClient`) or pods (core `groupByPod`) among `rows`, all of them or
 * those whose key is in `target.ids` (tracker ids, client names or pod ids), each with the name an
 * alert shows and the row's currency (null for a mix of currencies).
 */
export function alertCandidates(
  level: AlertLevel,
  target: { all: boolean; ids?: string[] | undefined },
  rows: TrackerRow[],
  pods: Parameters<typeof groupByPod>[0],
): AlertCandidate[] {
  const chosen = target.all ? undefined : new Set(target.ids ?? []);
  if (level === "tracker") {
    return rows
      .filter((r) => !chosen || chosen.has(r.id))
      .map((r) => ({ key: r.id, name: r.name, row: r, currency: r.currency }));
  }
  if (level === "client") {
    return groupByClient(rows)
      .filter((g) => !chosen || chosen.has(g.key))
      .map((g) => ({ key: g.key, name: g.key, row: g.data, currency: g.data.currency }));
  }
  return groupByPod(pods, rows)
    .filter((g) => !chosen || chosen.has(g.key._id))
    .map((g) => ({ key: g.key._id, name: g.key.name, row: g.data, currency: g.data.currency }));
}

/**
 * Yesterday's spend anomaly (a z-score: standard deviations from the same weekday of the previous
 * weeks, core `spendAnomaly`) of the summed spend of some trackers, undefined when not scored.
 */
export type AnomalyScorer = (trackerIds: readonly string[]) => number | undefined;
/** The scorer when no due alert watches the spend anomaly: never scores. */
export const NO_ANOMALY: AnomalyScorer = () => undefined;

/**
 * The anomaly scorer over daily spend series already read: `series` maps a tracker id to its spend in
 * micros for each day from `firstDay` to `yesterday` (day numbers, core `dayNumber`, in the account's
 * time zone), index 0 being `firstDay`. Scores yesterday's summed spend of any set of those trackers
 * with core `spendAnomaly`; undefined for no known tracker, no spend at all or under four weeks of
 * history (the history starts at the first day with spend).
 */
export function anomalyScorerOf(
  series: ReadonlyMap<string, Float64Array>,
  firstDay: number,
  yesterday: number,
): AnomalyScorer {
  return (ids) => {
    const sum = new Float64Array(yesterday - firstDay + 1);
    let any = false;
    for (const id of ids) {
      const values = series.get(id);
      if (!values) continue;
      any = true;
      for (let i = 0; i < sum.length; i++) sum[i] = (sum[i] as number) + (values[i] as number);
    }
    if (!any) return undefined;
    // The history starts at the first day with spend: days before a tracker existed are not zeros.
    const start = sum.findIndex((v) => v > 0);
    if (start < 0) return undefined;
    const score = spendAnomaly({ firstDay: firstDay + start, values: sum.subarray(start) }, yesterday);
    return score.kind === "score" ? score.z : undefined;
  };
}

/** One target evaluated: the candidate and the rule's result on it. */
export interface AlertTargetEvaluation extends AlertCandidate {
  result: AlertEvaluation;
}

/**
 * The alert's rule on every target that every member of `audience` may see (the creator alone, or
 * the creator and one recipient): trackers visible to all of them, clients and pods summed over
 * those trackers, pods visible to all of them (core visibility rules). Each target's rule (core
 * `evaluateAlert`) reads the trackers' stored figures (`trackerRowOf`) and, by metric, the hours
 * since the stalest tracker's last refresh ('Hours Since Refresh'), the hours since the most recently
 * spending tracker's spend moved ('Hours Without Spend', `stalledHours`) and `anomaly` ('Spend
 * Anomaly'). `now` is the evaluation time.
 */
export function alertEvaluationsSeenBy(
  alert: { level: AlertLevel; target: { all: boolean; ids?: string[] | undefined }; data: AlertData },
  audience: readonly Viewer[],
  trackers: readonly Tracker[],
  joins: { pods: readonly Pod[]; podOf: ReadonlyMap<string, Pod> },
  now: Date,
  anomaly: AnomalyScorer = NO_ANOMALY,
): AlertTargetEvaluation[] {
  const seen = trackers.filter((t) =>
    audience.every((v) => canSeeTracker(v, t, joins.podOf.get(t.trackerId))),
  );
  const rows = seen.map(trackerRowOf).filter((r): r is TrackerRow => r !== undefined);
  const pods = joins.pods
    .filter((p) => audience.every((v) => canSeePod(v, p)))
    .map((p) => ({ _id: p.podId, name: p.name, trackers: p.trackers }));
  const data = alert.data;
  const ageOf = new Map(
    seen.map((t) => [
      t.trackerId,
      (now.getTime() - Date.parse(t.lastRefreshedAt ?? t.createdAt)) / 3_600_000,
    ]),
  );
  // A client or pod is as stale as its stalest tracker (of those the audience sees).
  const stalest = (ids: readonly string[]) => {
    const ages = ids.map((id) => ageOf.get(id)).filter((a): a is number => a !== undefined);
    return ages.length > 0 ? Math.max(...ages) : undefined;
  };
  // A client or pod has spent as recently as its most recently spending tracker.
  const stalledOf = new Map(
    seen.flatMap((t) => (t.spendProgress ? [[t.trackerId, stalledHours(t.spendProgress)] as const] : [])),
  );
  const leastStalled = (ids: readonly string[]) => {
    const hours = ids.map((id) => stalledOf.get(id)).filter((h): h is number => h !== undefined);
    return hours.length > 0 ? Math.min(...hours) : undefined;
  };
  const trackersOf = (c: AlertCandidate): string[] => {
    if (alert.level === "tracker") return [c.key];
    if (alert.level === "client") return rows.filter((r) => r.client === c.key).map((r) => r.id);
    return pods.find((p) => p._id === c.key)?.trackers ?? [];
  };
  return alertCandidates(alert.level, alert.target, rows, pods).map((c) => {
    const ids = trackersOf(c);
    const dataAgeHours = stalest(ids);
    const anomalyZ = data.metric === ANOMALY_METRIC.id ? anomaly(ids) : undefined;
    const stalled = data.metric === STALLED_METRIC.id ? leastStalled(ids) : undefined;
    const context = {
      ...(dataAgeHours === undefined ? {} : { dataAgeHours }),
      ...(stalled === undefined ? {} : { stalledHours: stalled }),
      ...(anomalyZ === undefined ? {} : { anomalyZ }),
    };
    return { ...c, result: evaluateAlert(data, c.row, context) };
  });
}
