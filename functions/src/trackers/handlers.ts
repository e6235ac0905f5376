import type { z } from "zod";
import { trackersContracts as api } from "../../contract/trackers.ts";
import { acceptsGzip, binaryReply, GZIP_HEADERS, rawReply, reply, sessionRoute } from "../lib/http.ts";
import { etag, expectedVersion } from "../lib/if-match.ts";
import { assertOwnAccount } from "../lib/ownership.ts";
import {
  assertSameTracker,
  changeTracker,
  createTrackersFor,
  getTrackerFor,
  getTrackerPacingFor,
  type ListAnswer,
  postMessage,
  removeMessage,
  removeTracker,
  setAssociatedUsers,
  setAutomatedBudget,
  setBudget,
  setCurrency,
  setFutureBudgets,
  setHistoricData,
  setLifetimeBudget,
  setOverUnderSpendOption,
  setPreviousOverUnderSpend,
  setUseLifetimeBudget,
  setWeekdaysOnly,
  TRACKER_TEXTS,
  type TrackerChange,
  trackerListAnswerFor,
} from "./use-cases.ts";
import { messageView } from "./views.ts";

/**
 * The tracker calls (spec trackers.md section 7). Answers carry money in micros; every answer with a
 * tracker carries its `version`, also as the `etag` header; updates and delete-tracker honour an
 * `if-match: <version>` header (409 when stale). See functions/README.md for each call's contract.
 */

/** An updated tracker: `{ tracker }` with its version as the etag. */
function trackerReply(tracker: { version: number }) {
  return reply(200, { tracker }, etag(tracker.version));
}

/** The list answer as stored (gzipped, sent as is) or as text (the group's compression applies). */
function listReply(answer: ListAnswer) {
  return "gzip" in answer
    ? binaryReply(200, answer.gzip, "application/json", GZIP_HEADERS)
    : rawReply(200, answer.text, "application/json");
}

/**
 * `GET /api/trackers/get-trackers-by-account/{accountId}`: the trackers the caller may see, with
 * their figures, as the list table of `@pacer/core/tracker-list` (columns, rows, users and
 * connections written once), from the account's list snapshot (list.ts). `?first=N`: the first N
 * of them and `total`, the count of the whole list (the dashboard shows its first page from it).
 */
export const getTrackersByAccount = sessionRoute(
  api["GET /api/trackers/get-trackers-by-account/{accountId}"],
  async ({ params, query, session, now, event }) => {
    assertOwnAccount(session, params.accountId);
    return listReply(
      await trackerListAnswerFor(session, now, { gzip: acceptsGzip(event), first: query.first }),
    );
  },
);

/**
 * `GET /api/trackers/get-trackers-without-load-by-account/{accountId}`: the same answer (the 30-second
 * re-fetch). Both are reads of the stored figures: nothing is loaded from the platforms by either.
 */
export const getTrackersWithoutLoadByAccount = sessionRoute(
  api["GET /api/trackers/get-trackers-without-load-by-account/{accountId}"],
  async ({ params, session, now, event }) => {
    assertOwnAccount(session, params.accountId);
    return listReply(await trackerListAnswerFor(session, now, { gzip: acceptsGzip(event) }));
  },
);

/** `POST /api/trackers/create-trackers`: 201 `{ trackers }` created (allowance enforced). */
export const createTrackersRoute = sessionRoute(
  api["POST /api/trackers/create-trackers"],
  async ({ body, session, now }) =>
    reply(201, { trackers: await createTrackersFor(session, body.trackers, now) }),
);

/** `GET /api/tracker/get-tracker/{id}`: `{ tracker }` with filters, historic and future budgets, messages. */
export const getTracker = sessionRoute(
  api["GET /api/tracker/get-tracker/{id}"],
  async ({ params, session }) => {
    const tracker = await getTrackerFor(session, params.id);
    return reply(200, { tracker }, etag(tracker.version));
  },
);

/**
 * `GET /api/tracker/get-pacing/{id}`: `{ pacing }`, the tracker's pacing chart series (its month, and
 * its lifetime flight when it has lifetime dates; money in micros): any role, trackers it may see.
 */
export const getTrackerPacing = sessionRoute(
  api["GET /api/tracker/get-pacing/{id}"],
  async ({ params, session, now }) =>
    reply(200, { pacing: await getTrackerPacingFor(session, params.id, now) }),
);

/** A route (its contract) that applies one change to the tracker of its `{id}` path parameter. */
function changeById<B extends z.ZodType>(
  contract: { params: z.ZodType<{ id: string }>; body: B },
  toChange: (body: z.output<B>) => TrackerChange,
) {
  return sessionRoute(contract, async ({ params, body: input, session, event, now }) =>
    trackerReply(
      await changeTracker(session, params.id, expectedVersion(event), toChange(input as z.output<B>), now),
    ),
  );
}

/** A route (its contract) that applies one change to the tracker named in its body (`tracker`). */
function changeByBody<B extends z.ZodType<{ tracker: string }>>(
  contract: { body: B },
  toChange: (body: z.output<B>) => TrackerChange,
) {
  return sessionRoute(contract, async ({ body: input, session, event, now }) => {
    const b = input as z.output<B>;
    return trackerReply(await changeTracker(session, b.tracker, expectedVersion(event), toChange(b), now));
  });
}

export const updateName = changeById(api["POST /api/tracker/update-name/{id}"], (b) => () => ({
  name: b.name,
}));
export const updateClient = changeById(api["POST /api/tracker/update-client/{id}"], (b) => () => ({
  client: b.client,
}));
export const updateBudget = changeById(api["POST /api/tracker/update-budget/{id}"], (b) =>
  setBudget(b.budget, b.budgetPeriod),
);
export const updateDailyBudget = changeById(api["POST /api/tracker/update-daily-budget/{id}"], (b) =>
  setBudget(b.dailyBudget, "day"),
);
export const updatePreviousOverUnderSpend = changeById(
  api["POST /api/tracker/update-previous-over-under-spend/{id}"],
  (b) => setPreviousOverUnderSpend(b.previousOverUnderSpend),
);
export const updateHistoricData = changeByBody(api["POST /api/tracker/update-tracker-historic-data"], (b) =>
  setHistoricData(b.historicData),
);
export const updateFutureBudgets = changeByBody(api["POST /api/tracker/update-tracker-future-budgets"], (b) =>
  setFutureBudgets(b.futureBudgets),
);
export const updateUseLifetimeBudget = changeByBody(
  api["POST /api/tracker/update-tracker-use-lifetime-budget"],
  (b) => setUseLifetimeBudget(b.useLifetimeBudgetAsPrimary),
);
export const updateCurrency = changeByBody(api["POST /api/tracker/update-currency"], (b) =>
  setCurrency(b.currency),
);
export const updateAutomatedBudget = changeByBody(api["POST /api/tracker/update-automated-budget"], (b) =>
  setAutomatedBudget(b.automatedBudget),
);
export const updateIncludeLastMonth = changeByBody(
  api["POST /api/tracker/update-include-last-month-over-under-spend-in-budget-calc"],
  (b) => setOverUnderSpendOption("lastMonth", b.lastMonthOverUnderSpendIncludedInBudgetCalc),
);
export const updateIncludeLastSixMonths = changeByBody(
  api["POST /api/tracker/update-include-last-six-months-over-under-spend-in-budget-calc"],
  (b) => setOverUnderSpendOption("lastSixMonths", b.lastSixMonthsOverUnderSpendIncludedInBudgetCalc),
);
export const updateWeekdayBudgetOnly = changeByBody(
  api["POST /api/tracker/update-weekday-budget-only"],
  (b) => setWeekdaysOnly(b.weekdaysOnly),
);

/** `POST /api/tracker/update-lifetime-budget/{id}`: lifetime budget and dates (date rules enforced). */
export const updateLifetimeBudget = sessionRoute(
  api["POST /api/tracker/update-lifetime-budget/{id}"],
  async ({ params, body, session, event, now }) => {
    assertSameTracker(params.id, body.tracker);
    return trackerReply(
      await changeTracker(
        session,
        params.id,
        expectedVersion(event),
        setLifetimeBudget(body.lifetimeBudget, body.lifetimeBudgetDates),
        now,
      ),
    );
  },
);

/** `POST /api/tracker/update-associated-users/{trackerId}`: the full list; Admin-type users refused. */
export const updateAssociatedUsers = sessionRoute(
  api["POST /api/tracker/update-associated-users/{trackerId}"],
  async ({ params, body, session, event, now }) =>
    trackerReply(
      await setAssociatedUsers(
        session,
        params.trackerId,
        expectedVersion(event),
        body.associatedUsers.map((u) => u._id),
        now,
      ),
    ),
);

/** `POST /api/tracker/add-message/{trackerId}`: 201 `{ message }`. */
export const addMessageRoute = sessionRoute(
  api["POST /api/tracker/add-message/{trackerId}"],
  async ({ params, body, session, now }) =>
    reply(201, { message: messageView(await postMessage(session, params.trackerId, body, now)) }),
);

/** `POST /api/tracker/delete-message/{trackerId}/{messageId}`: `{ msg: 'Message deleted' }`; author only. */
export const deleteMessageRoute = sessionRoute(
  api["POST /api/tracker/delete-message/{trackerId}/{messageId}"],
  async ({ params, session }) => {
    await removeMessage(session, params.trackerId, params.messageId);
    return { msg: TRACKER_TEXTS.messageDeleted, id: params.messageId };
  },
);

/** `GET /api/tracker/delete-tracker/{id}`: `{ msg: 'Tracker successfully deleted' }`. */
export const deleteTrackerRoute = sessionRoute(
  api["GET /api/tracker/delete-tracker/{id}"],
  async ({ params, session, event }) => {
    await removeTracker(session, params.id, expectedVersion(event));
    return { msg: TRACKER_TEXTS.deleted, _id: params.id };
  },
);
