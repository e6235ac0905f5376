import { useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router-dom";
import { PageLoader } from "../../components/ui/spinner";
import { paths } from "../../config/paths";
import { useUser } from "../../lib/auth";
import { realtime } from "../../lib/realtime";
import { rememberRedirect } from "../../lib/redirect";

/**
 * The guard of the private routes (spec overview-access-account.md 2.1): no redirect while the user
 * loads; a signed-out visitor goes to /login and the requested path is remembered. Starts the
 * realtime connection for a signed-in user.
 */
export function RequireAuth() {
  const user = useUser();
  const location = useLocation();
  const signedOut = !user.isLoading && !user.data;
  const signedIn = Boolean(user.data);

  useEffect(() => {
    if (signedOut) rememberRedirect(location.pathname + location.search);
  }, [signedOut, location.pathname, location.search]);

  useEffect(() => {
    if (signedIn) realtime.start();
  }, [signedIn]);

  if (user.isLoading) return <PageLoader message="Loading your account..." />;
  if (!user.data) return <Navigate to={paths.login} replace />;
  return <Outlet />;
}
