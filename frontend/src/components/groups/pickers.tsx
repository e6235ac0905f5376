import { countLabel } from "@pacer/core/format";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { type AccountUser, useAccountUsers } from "../../lib/account-users";
import { Avatar } from "../ui/avatar";
import { ChannelIcon } from "../ui/channel-icon";
import { SelectionTable } from "../ui/selection-table";

/**
 * The pickers of the pod and shared-budget wizards and manage modals (spec
 * pods-budgets-alerts-users-connections.md 2.4 to 2.8): Select Trackers (select, Channel, Name,
 * Client) and Choose Users (Name with avatar, Email, User Type), each searchable with a select-all
 * toggle and the live 'You have selected N ...' line.
 */

/** A tracker as the pickers list it. */
export interface TrackerPick {
  _id: string;
  name: string;
  client: string;
  channel: string;
}

const TRACKER_COLUMNS: ColumnDef<TrackerPick>[] = [
  {
    id: "channel",
    header: "Channel",
    accessorKey: "channel",
    cell: ({ row }) => <ChannelIcon slug={row.original.channel} size={24} />,
  },
  { id: "name", header: "Name", accessorKey: "name" },
  { id: "client", header: "Client", accessorKey: "client" },
];

const USER_COLUMNS: ColumnDef<AccountUser>[] = [
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

const trackerId = (t: TrackerPick) => t._id;
const trackerName = (t: TrackerPick) => t.name;
const trackerSearch = (t: TrackerPick) => `${t.name} ${t.client}`;
const userId = (u: AccountUser) => u._id;
const userName = (u: AccountUser) => u.name || u.email;
const userSearch = (u: AccountUser) => `${u.name} ${u.email}`;

const NO_USERS: readonly AccountUser[] = Object.freeze([]) as readonly AccountUser[];

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

/** Select Trackers, with the selection rule's message under it when it fails. */
export function TrackerPicker({
  trackers,
  selected,
  onChange,
  caption,
  error,
}: {
  trackers: readonly TrackerPick[];
  selected: ReadonlySet<string>;
  onChange: (ids: string[], select: boolean) => void;
  caption: string;
  error?: string | undefined;
}) {
  return (
    <>
      <SelectionTable
        items={trackers}
        getId={trackerId}
        getName={trackerName}
        columns={TRACKER_COLUMNS}
        selected={selected}
        onChange={onChange}
        caption={caption}
        emptyText="No Trackers found in this account."
        searchPlaceholder="Search Trackers"
        searchText={trackerSearch}
        selectAllLabel="Select all trackers"
        summary={<p aria-live="polite">You have selected {countLabel(selected.size, "tracker")}</p>}
      />
      {error && <p className="field-error">{error}</p>}
    </>
  );
}

/** The account's users other than the current one (the pod users list excludes the current user). */
export function useOtherUsers(accountId: string, currentUserId: string) {
  const users = useAccountUsers(accountId);
  const others = useMemo(
    () => (users.data ?? NO_USERS).filter((u) => u._id !== currentUserId),
    [users.data, currentUserId],
  );
  return { users: others, isPending: users.isPending };
}

/** Choose Users among the account's other users. */
export function UserPicker({
  accountId,
  currentUserId,
  selected,
  onChange,
  caption,
}: {
  accountId: string;
  currentUserId: string;
  selected: ReadonlySet<string>;
  onChange: (ids: string[], select: boolean) => void;
  caption: string;
}) {
  const { users, isPending } = useOtherUsers(accountId, currentUserId);
  return (
    <SelectionTable
      items={users}
      getId={userId}
      getName={userName}
      columns={USER_COLUMNS}
      selected={selected}
      onChange={onChange}
      caption={caption}
      emptyText="No users found"
      searchPlaceholder="Search Users"
      searchText={userSearch}
      selectAllLabel="Select all users"
      isLoading={isPending}
      loadingText="Loading Users..."
      summary={<p aria-live="polite">You have selected {countLabel(selected.size, "user")}</p>}
    />
  );
}
