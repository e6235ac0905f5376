import { useEffect } from "react";
import { createBrowserRouter, Link, Navigate, RouterProvider, useLocation } from "react-router-dom";
import { AppShell } from "../components/layout/app-shell";
import { paths } from "../config/paths";
import { useUser } from "../features/auth/api/auth";
import { LoginPage } from "../features/auth/components/login-page";
import { DashboardPage } from "../features/dashboard/components/dashboard-page";
import { rememberRedirect } from "../lib/redirect";

/** The guard of the private routes (spec section 2.1): no redirect while auth loads; else to /login. */
function PrivateLayout() {
  const user = useUser();
  const location = useLocation();
  const signedOut = !user.isLoading && !user.data;
  useEffect(() => {
    if (signedOut) rememberRedirect(location.pathname + location.search);
  }, [signedOut, location.pathname, location.search]);
  if (user.isLoading) return <p className="page-loading">Loading your account...</p>;
  if (!user.data) return <Navigate to={paths.login} replace />;
  return <AppShell user={user.data} />;
}

function NotFoundPage() {
  return (
    <section className="page">
      <h1>Sorry, this page was not found.</h1>
      <Link to={paths.dashboard}>Back to Pacer</Link>
    </section>
  );
}

const router = createBrowserRouter([
  { path: paths.login, element: <LoginPage /> },
  {
    element: <PrivateLayout />,
    children: [
      { path: paths.home, element: <Navigate to={paths.dashboard} replace /> },
      { path: paths.dashboard, element: <DashboardPage /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
