import { PLATFORM_CATALOGUE, type PlatformEntry } from "@pacer/core";
import type { z } from "zod";
import { platformRoutes, type RouteKey, type StaticRouteKey } from "../routes.ts";
import { accountContracts } from "./account.ts";
import { alertsContracts } from "./alerts.ts";
import { authContracts } from "./auth.ts";
import { autopilotContracts } from "./autopilot.ts";
import { billingContracts } from "./billing.ts";
import { connectionsContracts, csvContracts, platformCallContract } from "./connections.ts";
import { healthContracts } from "./health.ts";
import { podsContracts, sharedBudgetsContracts } from "./pods.ts";
import { realtimeContracts } from "./realtime.ts";
import { refreshContracts } from "./refresh.ts";
import { registerContracts } from "./register.ts";
import type { RouteContract } from "./route-contract.ts";
import { sensorReadingsContracts } from "./sensor-readings.ts";
import { trackersContracts } from "./trackers.ts";
import { usersContracts } from "./users.ts";

/**
 * THE API contract: for every route of `functions/routes.ts`, its request schemas (path parameters,
 * query, body) and its success answer ({@link RouteContract}). Handlers validate with it, the
 * integration tests parse every 2xx answer with it, the web app takes its answer types from it
 * ({@link Answer}) and `GET /api/openapi.json` is generated from it (`openapi.ts`). The routes
 * written by hand are listed here (a route missing fails the type check); the platforms' own calls
 * are generated from the platform catalogue like their routes.
 *
 * Imports nothing but zod, `@pacer/core` and the route table, so the web app may import it.
 */
export const STATIC_CONTRACTS = {
  ...healthContracts,
  ...authContracts,
  ...registerContracts,
  ...accountContracts,
  ...usersContracts,
  ...billingContracts,
  ...trackersContracts,
  ...autopilotContracts,
  ...podsContracts,
  ...sharedBudgetsContracts,
  ...alertsContracts,
  ...sensorReadingsContracts,
  ...connectionsContracts,
  ...csvContracts,
  ...refreshContracts,
  ...realtimeContracts,
} satisfies Record<StaticRouteKey, RouteContract>;

/** The contract of a route written by hand. */
export type StaticContracts = typeof STATIC_CONTRACTS;

/** The success answer of a route written by hand, as the web app reads it. */
export type Answer<K extends StaticRouteKey> = StaticContracts[K]["answer"] extends z.ZodType
  ? z.output<StaticContracts[K]["answer"]>
  : never;

/** The contracts of the platforms' own calls of `catalogue` (default the platform catalogue). */
export function platformContracts(
  catalogue: readonly PlatformEntry[] = PLATFORM_CATALOGUE,
): Map<string, RouteContract> {
  const bySlug = new Map(catalogue.map((entry) => [entry.slug, entry]));
  return new Map(
    platformRoutes(catalogue).map((route) => {
      const entry = bySlug.get(route.platform.slug) as PlatformEntry;
      return [route.key, platformCallContract(entry, route.platform.call)];
    }),
  );
}

let all: Map<string, RouteContract> | undefined;

/**
 * The contract of a route key, or undefined for a key that is not a route.
 */
export function contractOf(key: RouteKey | string): RouteContract | undefined {
  all ??= new Map<string, RouteContract>([...Object.entries(STATIC_CONTRACTS), ...platformContracts()]);
  return all.get(key);
}

export { platformCallContract, type RouteContract };
