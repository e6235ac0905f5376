import { SNOOZE_DURATIONS, SNOOZE_LABELS, type SnoozeDuration } from "@pacer/core/alerts";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { useSearchParams } from "react-router-dom";
import { DataTable } from "../../../components/ui/data-table";
import type { MenuItem } from "../../../components/ui/dropdown-menu";
import { SelectField } from "../../../components/ui/field";
import { optionsColumn } from "../../../components/ui/options-column";
import { notify } from "../../../lib/notify";
import {
  type Alert,
  type AlertHistoryEntry,
  type AlertTargetState,
  useAlertHistory,
  useSnoozeAlert,
} from "../api/alerts";

/**
 * The Alerts page's 'Firing now' and 'Alert history' sections: the targets where an alert fires or
 * is snoozed (each with a snooze menu), and every firing, resolution and delivery the user may see,
 * filtered by alert, target, channel and outcome (kept in the URL: `?alert=&target=&channel=&outcome=`).
 */

const WHEN = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });
const when = (iso: string | null) => (iso ? WHEN.format(new Date(iso)) : "");

const OUTCOME_LABELS: Record<AlertHistoryEntry["outcome"], string> = {
  fired: "Fired",
  resolved: "Resolved",
  sent: "Sent",
  failed: "Failed",
  "dead-lettered": "Gave up",
};
const OUTCOME_OPTIONS = Object.entries(OUTCOME_LABELS).map(([value, label]) => ({ value, label }));
/** The history's channel names: e-mail and the alert channels' kinds. */
export const CHANNEL_LABELS: Record<string, string> = {
  email: "E-mail",
  slack: "Slack",
  teams: "Microsoft Teams",
  webhook: "Webhook",
};
const CHANNEL_OPTIONS = Object.entries(CHANNEL_LABELS).map(([value, label]) => ({ value, label }));

/** The snooze menu's items: 1 day, 1 week, to month end, and 'End snooze' while snoozed. */
export function snoozeMenuItems(
  snoozedUntil: string | null | undefined,
  onSnooze: (duration: SnoozeDuration | null) => void,
): MenuItem[] {
  return [
    ...SNOOZE_DURATIONS.map((d) => ({
      label: `Snooze ${SNOOZE_LABELS[d].toLowerCase()}`,
      onSelect: () => onSnooze(d),
    })),
    ...(snoozedUntil ? [{ label: "End snooze", onSelect: () => onSnooze(null) }] : []),
  ];
}

const EMPTY_EVENTS: AlertHistoryEntry[] = [];
const EMPTY_TARGETS: AlertTargetState[] = [];

interface TargetsMeta {
  snooze: (state: AlertTargetState, duration: SnoozeDuration | null) => void;
}

const TARGET_COLUMNS: ColumnDef<AlertTargetState>[] = [
  { id: "alert", header: "Alert", accessorKey: "alertName" },
  { id: "target", header: "Target", accessorKey: "targetName" },
  {
    id: "state",
    header: "State",
    accessorFn: (s) =>
      s.snoozedUntil
        ? `Snoozed until ${when(s.snoozedUntil)}`
        : s.firing
          ? `Firing since ${when(s.since)}`
          : "",
  },
  optionsColumn<AlertTargetState, TargetsMeta>(
    (state) => `Snooze ${state.alertName} for ${state.targetName}`,
    (state, meta) => snoozeMenuItems(state.snoozedUntil, (d) => meta.snooze(state, d)),
  ),
];

/** The targets without their snooze menu (users who may not snooze them). */
const VIEW_TARGET_COLUMNS = TARGET_COLUMNS.filter((c) => c.id !== "options");

const HISTORY_COLUMNS: ColumnDef<AlertHistoryEntry>[] = [
  { id: "at", header: "When", accessorKey: "at", cell: ({ row }) => when(row.original.at) },
  { id: "alert", header: "Alert", accessorKey: "alertName" },
  { id: "outcome", header: "Outcome", accessorFn: (e) => OUTCOME_LABELS[e.outcome] },
  {
    id: "detail",
    header: "Target or recipient",
    accessorFn: (e) =>
      e.targetName ??
      [e.channel ? (CHANNEL_LABELS[e.channel] ?? e.channel) : null, e.recipient].filter(Boolean).join(" to "),
  },
  { id: "reason", header: "Reason", accessorFn: (e) => e.reason ?? "" },
];

/** The 'Firing now' and 'Alert history' sections of the Alerts page. */
export function AlertHistory({
  accountId,
  alerts,
  canSnooze,
}: {
  accountId: string;
  alerts: readonly Alert[];
  /** Whether the targets get their snooze menu (Admins, as the Alerts table's options menu). */
  canSnooze: boolean;
}) {
  const [params, setParams] = useSearchParams();
  const filter = {
    alertId: params.get("alert") ?? "",
    target: params.get("target") ?? "",
    channel: params.get("channel") ?? "",
    outcome: params.get("outcome") ?? "",
  };
  const history = useAlertHistory(accountId, filter);
  const snooze = useSnoozeAlert(accountId);
  const events = history.data?.events ?? EMPTY_EVENTS;
  const targets = history.data?.targets ?? EMPTY_TARGETS;
  const setFilter = (key: string, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const targetOptions = useMemo(() => {
    const names = new Map<string, string>();
    for (const t of targets) names.set(t.target, t.targetName);
    for (const e of events) if (e.target) names.set(e.target, e.targetName ?? e.target);
    return [...names].map(([value, label]) => ({ value, label }));
  }, [targets, events]);
  const filters = [
    {
      param: "alert",
      label: "Alert",
      placeholder: "All alerts",
      options: alerts.map((a) => ({ value: a._id, label: a.name })),
    },
    { param: "target", label: "Target", placeholder: "All targets", options: targetOptions },
    { param: "channel", label: "Channel", placeholder: "All channels", options: CHANNEL_OPTIONS },
    { param: "outcome", label: "Outcome", placeholder: "All outcomes", options: OUTCOME_OPTIONS },
  ];
  const meta = useMemo<TargetsMeta>(
    () => ({
      snooze: (state, duration) =>
        snooze.mutate(
          { alertId: state.alertId, target: state.target, duration },
          { onSuccess: (answer) => notify.success(answer.msg) },
        ),
    }),
    [snooze.mutate],
  );

  return (
    <>
      <section aria-labelledby="alerts-firing-title" className="page-section">
        <h2 id="alerts-firing-title">Firing now</h2>
        <DataTable
          caption="Targets firing or snoozed"
          columns={canSnooze ? TARGET_COLUMNS : VIEW_TARGET_COLUMNS}
          data={targets}
          getRowId={(s) => `${s.alertId}#${s.target}`}
          emptyText="No alert is firing"
          isLoading={history.isLoading}
          meta={meta}
        />
      </section>
      <section aria-labelledby="alerts-history-title" className="page-section">
        <h2 id="alerts-history-title">Alert history</h2>
        <div className="toolbar" style={{ display: "flex", gap: "1rem", flexWrap: "wrap" }}>
          {filters.map((f) => (
            <SelectField
              key={f.param}
              label={f.label}
              placeholder={f.placeholder}
              value={params.get(f.param) ?? ""}
              options={f.options}
              onChange={(e) => setFilter(f.param, e.target.value)}
            />
          ))}
        </div>
        <DataTable
          caption="Alert history"
          columns={HISTORY_COLUMNS}
          data={events}
          getRowId={(e) => e.id}
          emptyText="No alert history yet"
          isLoading={history.isLoading}
          loadingText="Loading alert history..."
        />
      </section>
    </>
  );
}
