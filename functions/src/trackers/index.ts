import { groupHandler, type HttpHandler } from "../lib/http.ts";
import { sharedPromise } from "../lib/shared-promise.ts";
import {
  addMessageRoute,
  createTrackersRoute,
  deleteMessageRoute,
  deleteTrackerRoute,
  getTracker,
  getTrackerPacing,
  getTrackersByAccount,
  getTrackersWithoutLoadByAccount,
  updateAssociatedUsers,
  updateAutomatedBudget,
  updateBudget,
  updateClient,
  updateCurrency,
  updateDailyBudget,
  updateFutureBudgets,
  updateHistoricData,
  updateIncludeLastMonth,
  updateIncludeLastSixMonths,
  updateLifetimeBudget,
  updateName,
  updatePreviousOverUnderSpend,
  updateUseLifetimeBudget,
  updateWeekdayBudgetOnly,
} from "./handlers.ts";

/**
 * AutoPilot's routes (beyond the spec; `autopilot.ts`, with its proposals' recipients check and the
 * write-scope consent of the connect flow), imported at the first AutoPilot call of a cold start:
 * most of the group's calls are the trackers' own, which never read them.
 */
const autopilotRoutes = sharedPromise(() => import("./autopilot.ts"));

/** The AutoPilot route `name`, read from its module at the route's first call. */
const autopilotRoute =
  (name: Exclude<keyof Awaited<ReturnType<typeof autopilotRoutes>>, "actionView">): HttpHandler =>
  async (event, context) =>
    (await autopilotRoutes())[name](event, context);

export const handlers = {
  getTrackersByAccount,
  getTrackersWithoutLoadByAccount,
  createTrackers: createTrackersRoute,
  getTracker,
  getTrackerPacing,
  updateName,
  updateClient,
  updateBudget,
  updateDailyBudget,
  updatePreviousOverUnderSpend,
  updateHistoricData,
  updateFutureBudgets,
  updateUseLifetimeBudget,
  updateLifetimeBudget,
  updateCurrency,
  updateAutomatedBudget,
  updateIncludeLastMonth,
  updateIncludeLastSixMonths,
  updateWeekdayBudgetOnly,
  updateAssociatedUsers,
  addMessage: addMessageRoute,
  deleteMessage: deleteMessageRoute,
  deleteTracker: deleteTrackerRoute,
  // AutoPilot (beyond the spec)
  getAutopilot: autopilotRoute("getAutopilot"),
  updateAutopilot: autopilotRoute("updateAutopilot"),
  getAutopilotActions: autopilotRoute("getAutopilotActions"),
  getAccountAutopilotActions: autopilotRoute("getAccountAutopilotActions"),
  runAutopilot: autopilotRoute("runAutopilot"),
  applyAutopilotAction: autopilotRoute("applyAutopilotActionRoute"),
  dismissAutopilotAction: autopilotRoute("dismissAutopilotActionRoute"),
  undoAutopilotAction: autopilotRoute("undoAutopilotActionRoute"),
  updateAutopilotSwitch: autopilotRoute("updateAutopilotSwitch"),
};
export const handler = groupHandler("trackers", handlers);
