import type { ColumnDef } from "@tanstack/react-table";
import { ChannelIcon } from "../../../components/ui/channel-icon";

/** A tracker as the shared-budget pickers list it. */
export interface BudgetTrackerPick {
  _id: string;
  name: string;
  client: string;
  channel: string;
}

/** Select Trackers columns: select, Channel, Name, Client. */
export const TRACKER_PICK_COLUMNS: ColumnDef<BudgetTrackerPick>[] = [
  {
    id: "channel",
    header: "Channel",
    accessorKey: "channel",
    cell: ({ row }) => <ChannelIcon slug={row.original.channel} size={24} />,
  },
  { id: "name", header: "Name", accessorKey: "name" },
  { id: "client", header: "Client", accessorKey: "client" },
];

export const trackerId = (t: BudgetTrackerPick) => t._id;
export const trackerName = (t: BudgetTrackerPick) => t.name;
export const trackerSearch = (t: BudgetTrackerPick) => `${t.name} ${t.client}`;
