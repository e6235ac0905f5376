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
  /** The pod it is in now (a tracker is in at most one pod; naming it in another pod moves it). */
  pod?: { _id: string; name: string } | null;
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

/** The pod pickers also show each tracker's current pod (choosing it moves the tracker). */
const TRACKER_COLUMNS_WITH_POD: ColumnDef<TrackerPick>[] = [
  ...TRACKER_COLUMNS,
  {
    id: "pod",
    header: "Current Pod",
    accessorFn: (t) => t.pod?.name ?? "",
    cell: ({ row }) => row.original.pod?.name ?? <span className="muted">None</span>,
  },
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

/** What a picker of one kind of item needs: its columns, texts and how to name and search an item. */
interface PickerKind<T> {
  columns: ColumnDef<T>[];
  getId: (item: T) => string;
  getName: (item: T) => string;
  searchText: (item: T) => string;
  noun: string;
  emptyText: string;
  loadingText: string;
  searchPlaceholder: string;
  selectAllLabel: string;
}

const TRACKERS: PickerKind<TrackerPick> = {
  columns: TRACKER_COLUMNS,
  getId: (t) => t._id,
  getName: (t) => t.name,
  searchText: (t) => `${t.name} ${t.client}`,
  noun: "tracker",
  emptyText: "No Trackers found in this account.",
  loadingText: "Loading Trackers...",
  searchPlaceholder: "Search Trackers",
  selectAllLabel: "Select all trackers",
};

const TRACKERS_WITH_POD: PickerKind<TrackerPick> = {
  ...TRACKERS,
  columns: TRACKER_COLUMNS_WITH_POD,
  searchText: (t) => `${t.name} ${t.client} ${t.pod?.name ?? ""}`,
};

const USERS: PickerKind<AccountUser> = {
  columns: USER_COLUMNS,
  getId: (u) => u._id,
  getName: (u) => u.name || u.email,
  searchText: (u) => `${u.name} ${u.email}`,
  noun: "user",
  emptyText: "No users found",
  loadingText: "Loading Users...",
  searchPlaceholder: "Search Users",
  selectAllLabel: "Select all users",
};

interface PickerProps {
  selected: ReadonlySet<string>;
  onChange: (ids: string[], select: boolean) => void;
  caption: string;
}

/** A searchable selection table of one kind of item with the live 'You have selected N ...' line. */
function Picker<T>({
  kind,
  items,
  isLoading,
  selected,
  onChange,
  caption,
}: PickerProps & { kind: PickerKind<T>; items: readonly T[]; isLoading?: boolean }) {
  return (
    <SelectionTable
      items={items}
      getId={kind.getId}
      getName={kind.getName}
      columns={kind.columns}
      selected={selected}
      onChange={onChange}
      caption={caption}
      emptyText={kind.emptyText}
      searchPlaceholder={kind.searchPlaceholder}
      searchText={kind.searchText}
      selectAllLabel={kind.selectAllLabel}
      isLoading={isLoading ?? false}
      loadingText={kind.loadingText}
      summary={<p aria-live="polite">You have selected {countLabel(selected.size, kind.noun)}</p>}
    />
  );
}

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

/**
 * Select Trackers, with the selection rule's message under it when it fails; `showPod` adds each
 * tracker's current pod (the pod wizard and modal).
 */
export function TrackerPicker({
  trackers,
  error,
  showPod,
  ...props
}: PickerProps & { trackers: readonly TrackerPick[]; error?: string | undefined; showPod?: boolean }) {
  return (
    <>
      <Picker kind={showPod ? TRACKERS_WITH_POD : TRACKERS} items={trackers} {...props} />
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
  ...props
}: PickerProps & { accountId: string; currentUserId: string }) {
  const { users, isPending } = useOtherUsers(accountId, currentUserId);
  return <Picker kind={USERS} items={users} isLoading={isPending} {...props} />;
}
