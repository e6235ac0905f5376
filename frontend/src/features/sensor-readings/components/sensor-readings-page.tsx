import { countLabel } from "@pacer/core/format";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { DataTable } from "../../../components/ui/data-table";
import { PageHeader } from "../../../components/ui/page-header";
import { isAdmin, useCurrentUser } from "../../../lib/auth";
import { decodeCounts, type Reading, useReadings } from "../api/readings";
import { IngestionKeySection } from "./ingestion-key-section";
import { formatReadingTime } from "./reading-time";

const EMPTY: Reading[] = [];

interface ReadingsMeta {
  timeZone: string | undefined;
}

const COLUMNS: ColumnDef<Reading>[] = [
  { id: "device", header: "Device", accessorKey: "device" },
  {
    id: "recDate",
    header: "Date / time",
    accessorKey: "recDate",
    cell: ({ getValue, table }) =>
      formatReadingTime(String(getValue()), (table.options.meta as ReadingsMeta).timeZone),
  },
  {
    id: "data",
    header: "Data",
    accessorKey: "data",
    cell: ({ getValue }) => <code>{String(getValue())}</code>,
  },
  { id: "seqNum", header: "Sequence", accessorKey: "seqNum" },
  {
    id: "entries",
    header: "Entries",
    accessorFn: (r) => r.entries ?? decodeCounts(r.data)?.entries ?? "N/A",
  },
  { id: "exits", header: "Exits", accessorFn: (r) => r.exits ?? decodeCounts(r.data)?.exits ?? "N/A" },
];

/**
 * `/sensor-readings` (spec 2.14): the device readings with decoded entry and exit counts, their
 * times as dd/MM/yyyy HH:mm:ss in the account's time zone; for Admins, the ingestion key devices
 * send with.
 */
export function SensorReadingsPage() {
  const user = useCurrentUser();
  const readings = useReadings();
  const list = readings.data ?? EMPTY;
  const timeZone = user.account.timeZone;
  const meta = useMemo<ReadingsMeta>(() => ({ timeZone }), [timeZone]);
  return (
    <section className="page stack">
      <PageHeader
        title="Device readings"
        subtitle={readings.isLoading ? undefined : `${countLabel(list.length, "reading")}.`}
      />
      {isAdmin(user) && <IngestionKeySection timeZone={timeZone} />}
      <DataTable
        caption="Device readings"
        columns={COLUMNS}
        data={list}
        searchable
        searchPlaceholder="Search readings"
        emptyText="No readings found"
        isLoading={readings.isLoading}
        loadingText="Loading readings..."
        initialSorting={[{ id: "recDate", desc: true }]}
        meta={meta}
      />
    </section>
  );
}
