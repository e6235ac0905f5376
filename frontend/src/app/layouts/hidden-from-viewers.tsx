import { Outlet } from "react-router-dom";
import { isViewer, useCurrentUser } from "../../lib/auth";
import { NotFoundPage } from "../not-found";

/**
 * Pages that are not there for Viewers: Connections and Users (spec
 * pods-budgets-alerts-users-connections.md 2.1 and 6, hidden from Viewers in navigation; Viewers
 * cannot edit). A Viewer who types their path gets the product's page for a path that does not exist
 * for them, 'Sorry, this page was not found.', with the link back; the server refuses their writes
 * anyway.
 */
export function HiddenFromViewers() {
  const user = useCurrentUser();
  return isViewer(user) ? <NotFoundPage /> : <Outlet />;
}
