import { useMemo, useState } from "react";
import { Avatar } from "../../../../components/ui/avatar";
import { Button } from "../../../../components/ui/button";
import { EmptyState } from "../../../../components/ui/empty-state";
import { PageLoader } from "../../../../components/ui/spinner";
import { TableSearch } from "../../../../components/ui/table-parts";
import { type AccountUser, useAccountUsers } from "../../../../lib/account-users";
import type { AssociatedUser, TrackerDetail } from "../../../../lib/tracker-types";
import { trackerCalls } from "../../api/tracker";
import type { RunCall } from "./preferences-tab";

/**
 * Users (spec trackers.md section 2): the users attached to the tracker and an add-user list that
 * leaves out Admin-type users and those already attached, searched case-insensitively by name.
 */
export function UsersTab({
  tracker,
  run,
  accountId,
}: {
  tracker: TrackerDetail;
  run: RunCall;
  accountId: string;
}) {
  const users = useAccountUsers(accountId);
  const [query, setQuery] = useState("");
  const attached = tracker.associatedUsers ?? [];
  const attachedIds = useMemo(() => new Set(attached.map((u) => u._id)), [attached]);
  const available = useMemo(
    () => (users.data ?? []).filter((u) => u.userType !== "Admin" && !attachedIds.has(u._id)),
    [users.data, attachedIds],
  );
  const q = query.trim().toLowerCase();
  const shown = q ? available.filter((u) => (u.name ?? "").toLowerCase().includes(q)) : available;

  const save = (next: AssociatedUser[]) =>
    void run(trackerCalls.associatedUsers(tracker._id, next), "Updating users...");
  const add = (u: AccountUser) =>
    save([
      ...attached,
      { _id: u._id, name: u.name, userType: u.userType, email: u.email, avatar: u.avatar ?? null },
    ]);

  return (
    <div className="users-tab">
      <section aria-labelledby="attached-users" className="stack">
        <h3 id="attached-users" className="section-title">
          Attached users
        </h3>
        {attached.length === 0 ? (
          <EmptyState title="No users attached to this tracker" />
        ) : (
          <ul className="user-list">
            {attached.map((u) => (
              <li key={u._id}>
                <Avatar src={u.avatar} name={u.name || u.email} size={30} />
                <span className="user-list-text">
                  <strong>{u.name}</strong>
                  <span className="muted">
                    {u.email} · {u.userType}
                  </span>
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => save(attached.filter((a) => a._id !== u._id))}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="add-users" className="stack">
        <h3 id="add-users" className="section-title">
          Add users
        </h3>
        <TableSearch type="text" placeholder="Search users" value={query} onChange={setQuery} />
        {users.isPending ? (
          <PageLoader message="Loading users..." />
        ) : available.length === 0 ? (
          <EmptyState title="No users available to add to this Tracker" />
        ) : shown.length === 0 ? (
          <EmptyState title="No users found" />
        ) : (
          <ul className="user-list">
            {shown.map((u) => (
              <li key={u._id}>
                <Avatar src={u.avatar} name={u.name || u.email} size={30} />
                <span className="user-list-text">
                  <strong>{u.name}</strong>
                  <span className="muted">
                    {u.email} · {u.userType}
                  </span>
                </span>
                <Button size="sm" onClick={() => add(u)} aria-label={`Add ${u.name || u.email}`}>
                  Add
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
