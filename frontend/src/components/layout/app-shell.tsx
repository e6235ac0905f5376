import { NavLink, Outlet } from "react-router-dom";
import { paths } from "../../config/paths";
import type { CurrentUser } from "../../features/auth/api/auth";
import { useLogout } from "../../features/auth/api/auth";

/**
 * The authenticated shell (spec overview-access-account.md section 2.8): the left sidebar with the
 * main entries (Connections and Users hidden for Viewers), the user card, and the page outlet.
 */
export function AppShell({ user }: { user: CurrentUser }) {
  const logout = useLogout();
  const isViewer = user.userType === "Viewer";
  return (
    <div className="shell">
      <aside className="sidebar" aria-label="Main navigation">
        <div className="brand">Pacer</div>
        <nav>
          <NavLink to={paths.dashboard}>Dashboard</NavLink>
          <NavLink to={paths.alerts}>Alerts</NavLink>
          {!isViewer && <NavLink to={paths.connections}>Connections</NavLink>}
          {!isViewer && <NavLink to={paths.users}>Users</NavLink>}
        </nav>
        <div className="user-card">
          <div className="user-name">{user.name || user.email}</div>
          <div className="account-name">{user.account.name}</div>
          <button type="button" className="button link" onClick={logout}>
            Log Out
          </button>
        </div>
      </aside>
      <main className="content">
        <Outlet />
      </main>
    </div>
  );
}
