import { countLabel } from "@pacer/core/format";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { Avatar } from "../../../components/ui/avatar";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { DataTable } from "../../../components/ui/data-table";
import { PlusIcon } from "../../../components/ui/icons";
import { optionsColumn } from "../../../components/ui/options-column";
import { PageHeader } from "../../../components/ui/page-header";
import { type AccountUser, useAccountUsers } from "../../../lib/account-users";
import { isAdmin, useCurrentUser } from "../../../lib/auth";
import { notify } from "../../../lib/notify";
import { useRemoveUser, useSendPasswordReset } from "../api/users";
import { EditUserModal } from "./edit-user-modal";
import { InviteUserModal } from "./invite-user-modal";

type Action = { kind: "edit" | "reset" | "remove"; user: AccountUser };
interface UsersTableMeta {
  onAction: (action: Action) => void;
}

const EMPTY: AccountUser[] = [];

const BASE_COLUMNS: ColumnDef<AccountUser>[] = [
  {
    id: "name",
    header: "Name",
    accessorFn: (u) => u.name || u.email,
    cell: ({ row }) => (
      <span className="cell-user">
        <Avatar src={row.original.avatar} name={row.original.name || row.original.email} size={32} />
        {row.original.name || row.original.email}
      </span>
    ),
  },
  { id: "email", header: "Email", accessorKey: "email" },
  { id: "userType", header: "User Type", accessorKey: "userType" },
];

const OPTIONS_COLUMN = optionsColumn<AccountUser, UsersTableMeta>(
  (user) => `Options for ${user.name || user.email}`,
  (user, { onAction }) => [
    { label: "Edit User", onSelect: () => onAction({ kind: "edit", user }) },
    { label: "Reset Password", onSelect: () => onAction({ kind: "reset", user }) },
    { label: "Remove User", danger: true, onSelect: () => onAction({ kind: "remove", user }) },
  ],
);

const ADMIN_COLUMNS = [...BASE_COLUMNS, OPTIONS_COLUMN];

/**
 * `/users` (spec pods-budgets-alerts-users-connections.md 2.11): the account's users without the
 * current one; invite, and for Admins the options menu (edit, reset password, remove).
 */
export function UsersPage() {
  const me = useCurrentUser();
  const admin = isAdmin(me);
  const users = useAccountUsers(me.account._id);
  const [inviting, setInviting] = useState(false);
  const [action, setAction] = useState<Action | null>(null);
  const remove = useRemoveUser(me.account._id);
  const reset = useSendPasswordReset();
  const others = useMemo(
    () => (users.data ? users.data.filter((u) => u._id !== me._id) : EMPTY),
    [users.data, me._id],
  );
  const meta = useMemo<UsersTableMeta>(() => ({ onAction: setAction }), []);
  const close = () => setAction(null);

  return (
    <section className="page">
      <PageHeader
        title="Users"
        // The count is of the users listed: the table leaves the current user out (spec 2.11).
        subtitle={
          users.isLoading ? undefined : `This account has ${countLabel(others.length, "user")} besides you.`
        }
        action={
          admin && (
            <Button variant="primary" icon={<PlusIcon />} onClick={() => setInviting(true)}>
              Invite a User
            </Button>
          )
        }
      />
      <DataTable
        caption="Users"
        columns={admin ? ADMIN_COLUMNS : BASE_COLUMNS}
        data={others}
        getRowId={(u) => u._id}
        searchable
        searchPlaceholder="Search users"
        emptyText="No users found"
        isLoading={users.isLoading}
        loadingText="Loading users..."
        meta={meta}
      />
      {inviting && <InviteUserModal onClose={() => setInviting(false)} />}
      {action?.kind === "edit" && (
        <EditUserModal user={action.user} accountId={me.account._id} onClose={close} />
      )}
      <ConfirmDialog
        open={action?.kind === "reset"}
        message={`Are you sure you want to send a password reset to ${action?.user.name || action?.user.email}?`}
        confirmLabel="Send"
        isLoading={reset.isPending}
        onCancel={close}
        onConfirm={() =>
          action &&
          reset.mutate(action.user._id, {
            onSuccess: (data) => {
              notify.success(data.msg ?? "Password reset sent");
              close();
            },
          })
        }
      />
      <ConfirmDialog
        open={action?.kind === "remove"}
        message="Are you sure you want to remove this User?"
        confirmLabel="Remove"
        danger
        isLoading={remove.isPending}
        onCancel={close}
        onConfirm={() =>
          action &&
          remove.mutate(action.user._id, {
            onSuccess: (data) => {
              notify.success(data.msg ?? `${action.user.name || action.user.email} removed`);
              close();
            },
          })
        }
      />
    </section>
  );
}
