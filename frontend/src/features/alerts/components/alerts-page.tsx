import type { SnoozeDuration } from "@pacer/core/alerts";
import { countLabel } from "@pacer/core/format";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { DataTable } from "../../../components/ui/data-table";
import { PlusIcon } from "../../../components/ui/icons";
import { optionsColumn } from "../../../components/ui/options-column";
import { PageHeader } from "../../../components/ui/page-header";
import { isAdmin, useCurrentUser } from "../../../lib/auth";
import { notify } from "../../../lib/notify";
import { type Alert, useAlerts, useRemoveAlert, useSnoozeAlert } from "../api/alerts";
import { AlertChannels } from "./alert-channels";
import { AlertFormModal, useTargetChoices } from "./alert-form-modal";
import { AlertHistory, snoozeMenuItems } from "./alert-history";

interface AlertsTableMeta {
  onEdit: (alert: Alert) => void;
  onDelete: (alert: Alert) => void;
  onSnooze: (alert: Alert, duration: SnoozeDuration | null) => void;
  targetName: (alert: Alert) => string;
}

const EMPTY: Alert[] = [];
const SNOOZED_UNTIL = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });

const BASE_COLUMNS: ColumnDef<Alert>[] = [
  {
    id: "name",
    header: "Name",
    accessorKey: "name",
    cell: ({ row }) => {
      const until = row.original.snoozedUntil;
      const snoozed = until && Date.parse(until) > Date.now();
      return snoozed
        ? `${row.original.name} (snoozed until ${SNOOZED_UNTIL.format(new Date(until))})`
        : row.original.name;
    },
  },
  { id: "regularity", header: "Regularity", accessorKey: "fireWhen" },
  {
    id: "target",
    header: "Target",
    accessorFn: (a) => (a.target.all ? "All" : a.target.ids.join(", ")),
    cell: ({ row, table }) => (table.options.meta as AlertsTableMeta).targetName(row.original),
  },
  { id: "metric", header: "Metric", accessorFn: (a) => a.data.metricName },
];

const OPTIONS_COLUMN = optionsColumn<Alert, AlertsTableMeta>(
  (alert) => `Options for ${alert.name}`,
  (alert, meta) => [
    { label: "Edit Alert", onSelect: () => meta.onEdit(alert) },
    ...snoozeMenuItems(alert.snoozedUntil, (d) => meta.onSnooze(alert, d)),
    { label: "Delete Alert", danger: true, onSelect: () => meta.onDelete(alert) },
  ],
);

const ADMIN_COLUMNS = [...BASE_COLUMNS, OPTIONS_COLUMN];

/** `/alerts` (spec pods-budgets-alerts-users-connections.md 2.10). */
export function AlertsPage() {
  const user = useCurrentUser();
  const admin = isAdmin(user);
  const alerts = useAlerts(user._id, user.account._id);
  const remove = useRemoveAlert(user.account._id);
  const snooze = useSnoozeAlert(user.account._id);
  const [editing, setEditing] = useState<Alert | "new" | null>(null);
  const [deleting, setDeleting] = useState<Alert | null>(null);
  const trackers = useTargetChoices(user, "tracker");
  const pods = useTargetChoices(user, "pod");
  const meta = useMemo<AlertsTableMeta>(() => {
    const names = new Map([...trackers.choices, ...pods.choices].map((c) => [c.id, c.name]));
    return {
      onEdit: setEditing,
      onDelete: setDeleting,
      onSnooze: (alert, duration) =>
        snooze.mutate(
          { alertId: alert._id, duration },
          { onSuccess: (answer) => notify.success(answer.msg) },
        ),
      targetName: (a) => (a.target.all ? "All" : a.target.ids.map((id) => names.get(id) ?? id).join(", ")),
    };
  }, [trackers.choices, pods.choices, snooze.mutate]);
  const list = alerts.data ?? EMPTY;

  return (
    <section className="page">
      <PageHeader
        title="Alerts"
        subtitle={alerts.isLoading ? undefined : `You have ${countLabel(list.length, "alert")}.`}
        action={
          <Button variant="primary" icon={<PlusIcon />} onClick={() => setEditing("new")}>
            Create an Alert
          </Button>
        }
      />
      <DataTable
        caption="Alerts"
        columns={admin ? ADMIN_COLUMNS : BASE_COLUMNS}
        data={list}
        getRowId={(a) => a._id}
        emptyText="No Alerts found"
        isLoading={alerts.isLoading}
        loadingText="Loading Alerts..."
        meta={meta}
      />
      <AlertHistory accountId={user.account._id} alerts={list} canSnooze={admin} />
      {admin && <AlertChannels accountId={user.account._id} />}
      {editing && (
        <AlertFormModal
          user={user}
          alert={editing === "new" ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        message={`Are you sure you want to delete the alert ${deleting?.name ?? ""}?`}
        confirmLabel="Delete"
        danger
        isLoading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => {
              notify.success(`${deleting.name} removed`);
              setDeleting(null);
            },
          })
        }
      />
    </section>
  );
}
