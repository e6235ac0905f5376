import { createBrowserRouter, Navigate, type RouteObject, RouterProvider } from "react-router-dom";
import { PageLoader } from "../components/ui/spinner";
import { paths, routePatterns } from "../config/paths";
import { RETURN_PAGE_PATHS } from "../lib/platforms";
import { AppLayout } from "./layouts/app-layout";
import { HiddenFromViewers } from "./layouts/hidden-from-viewers";
import { RequireAuth } from "./layouts/require-auth";
import { NotFoundPage, RouteError } from "./not-found";
import { routerReady } from "./router-ready";

/**
 * The route table (spec overview-access-account.md 2.1). Every page is its own lazily loaded chunk,
 * so the first load carries only the shell.
 */
const publicRoutes: RouteObject[] = [
  {
    path: paths.login,
    lazy: () => import("../features/auth/components/login-page").then((m) => ({ Component: m.LoginPage })),
  },
  {
    path: paths.forgotPassword,
    lazy: () =>
      import("../features/auth/components/forgot-password-page").then((m) => ({
        Component: m.ForgotPasswordPage,
      })),
  },
  {
    path: routePatterns.resetPassword,
    lazy: () =>
      import("../features/auth/components/reset-password-page").then((m) => ({
        Component: m.ResetPasswordPage,
      })),
  },
  {
    path: routePatterns.unsubscribe,
    lazy: () =>
      import("../features/auth/components/unsubscribe-page").then((m) => ({ Component: m.UnsubscribePage })),
  },
  ...[paths.register, routePatterns.registerCoupon, routePatterns.registerReferral].map(
    (path): RouteObject => ({
      path,
      lazy: () =>
        import("../features/auth/components/register-page").then((m) => ({ Component: m.RegisterPage })),
    }),
  ),
  {
    path: routePatterns.registerInvited,
    lazy: () =>
      import("../features/auth/components/register-invited-page").then((m) => ({
        Component: m.RegisterInvitedPage,
      })),
  },
];

const returnPages: RouteObject[] = RETURN_PAGE_PATHS.map((path) => ({
  path,
  lazy: () =>
    import("../features/connections/components/return-page").then((m) => ({ Component: m.ReturnPage })),
}));

const appRoutes: RouteObject[] = [
  { path: paths.home, element: <Navigate to={paths.dashboard} replace /> },
  {
    path: paths.dashboard,
    lazy: () => import("./pages/dashboard-page").then((m) => ({ Component: m.DashboardPage })),
  },
  {
    path: paths.alerts,
    lazy: () =>
      import("../features/alerts/components/alerts-page").then((m) => ({ Component: m.AlertsPage })),
  },
  {
    // Connections and Users are not there for Viewers.
    element: <HiddenFromViewers />,
    children: [
      {
        path: paths.connections,
        lazy: () =>
          import("../features/connections/components/connections-page").then((m) => ({
            Component: m.ConnectionsPage,
          })),
      },
      {
        path: paths.users,
        lazy: () =>
          import("../features/users/components/users-page").then((m) => ({ Component: m.UsersPage })),
      },
    ],
  },
  {
    path: paths.settings,
    lazy: () =>
      import("../features/account/components/settings-page").then((m) => ({ Component: m.SettingsPage })),
  },
  {
    path: paths.sensorReadings,
    lazy: () =>
      import("../features/sensor-readings/components/sensor-readings-page").then((m) => ({
        Component: m.SensorReadingsPage,
      })),
  },
  { path: "/sensorManagement", element: <Navigate to={paths.sensorReadings} replace /> },
  { path: "*", element: <NotFoundPage /> },
];

/** What shows while the first page's lazy chunk loads (the router's initial hydration). */
function FirstLoad() {
  return <PageLoader message="Loading..." />;
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    // Every page is lazy, so the first render waits for a chunk: the root names what shows meanwhile.
    HydrateFallback: FirstLoad,
    children: [
      ...publicRoutes,
      {
        element: <RequireAuth />,
        children: [...returnPages, { element: <AppLayout />, children: appRoutes }],
      },
    ],
  },
];

const router = createBrowserRouter(routes);

/**
 * The longest the first render waits for the first page's code ({@link firstScreenReady}), ms:
 * beyond it the loading screen shows meanwhile.
 */
const FIRST_SCREEN_WAIT_MS = 300;

/**
 * Resolves when the app's first render can show the page asked for (its lazy chunk loaded; the
 * router started loading it as this module was evaluated), or after {@link FIRST_SCREEN_WAIT_MS}.
 */
export function firstScreenReady(): Promise<void> {
  return routerReady(router, FIRST_SCREEN_WAIT_MS);
}

export function AppRouter() {
  return <RouterProvider router={router} />;
}
