import type { ColumnDef } from "@tanstack/react-table";
import { Avatar } from "../../../components/ui/avatar";
import { ChannelIcon } from "../../../components/ui/channel-icon";
import type { AccountUser } from "../../../lib/account-users";

/** A tracker as the pod pickers list it. */
export interface PodTrackerPick {
  _id: string;
  name: string;
  client: string;
  channel: string;
}

/** Select Trackers columns (spec 2.4): select, Channel (integration avatar), Name, Client. */
export const TRACKER_PICK_COLUMNS: ColumnDef<PodTrackerPick>[] = [
  {
    id: "channel",
    header: "Channel",
    accessorKey: "channel",
    cell: ({ row }) => <ChannelIcon slug={row.original.channel} size={24} />,
  },
  { id: "name", header: "Name", accessorKey: "name" },
  { id: "client", header: "Client", accessorKey: "client" },
];

/** Choose Users columns: Name (with avatar), Email, User Type. */
export const USER_PICK_COLUMNS: ColumnDef<AccountUser>[] = [
  {
    id: "name",
    header: "Name",
    accessorKey: "name",
    cell: ({ row }) => (
      <span className="cell-user">
        <Avatar src={row.original.avatar} name={row.original.name || row.original.email} size={28} />
        {row.original.name}
      </span>
    ),
  },
  { id: "email", header: "Email", accessorKey: "email" },
  { id: "userType", header: "User Type", accessorKey: "userType" },
];

export const trackerId = (t: PodTrackerPick) => t._id;
export const trackerName = (t: PodTrackerPick) => t.name;
export const trackerSearch = (t: PodTrackerPick) => `${t.name} ${t.client}`;
export const userId = (u: AccountUser) => u._id;
export const userName = (u: AccountUser) => u.name || u.email;
export const userSearch = (u: AccountUser) => `${u.name} ${u.email}`;

/** Adds or removes ids from a selection. */
export function applySelection(
  current: ReadonlySet<string>,
  ids: readonly string[],
  select: boolean,
): Set<string> {
  const next = new Set(current);
  for (const id of ids) {
    if (select) next.add(id);
    else next.delete(id);
  }
  return next;
}
