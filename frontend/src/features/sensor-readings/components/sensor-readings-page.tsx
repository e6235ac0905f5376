import type { ColumnDef } from "@tanstack/react-table";
import { DataTable } from "../../../components/ui/data-table";
import { PageHeader } from "../../../components/ui/page-header";
import { decodeCounts, type Reading, useReadings } from "../api/readings";

const EMPTY: Reading[] = [];
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });

function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTime.format(date);
}

const COLUMNS: ColumnDef<Reading>[] = [
  { id: "device", header: "Device", accessorKey: "device" },
  {
    id: "recDate",
    header: "Date / time",
    accessorKey: "recDate",
    cell: ({ getValue }) => formatDate(String(getValue())),
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

/** `/sensor-readings` (spec 2.14): the device readings with decoded entry and exit counts. */
export function SensorReadingsPage() {
  const readings = useReadings();
  const list = readings.data ?? EMPTY;
  return (
    <section className="page">
      <PageHeader
        title="Device readings"
        subtitle={readings.isLoading ? undefined : `${list.length} readings.`}
      />
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
      />
    </section>
  );
}
