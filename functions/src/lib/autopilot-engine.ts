import {
  type CampaignWriter,
  type Connector,
  type ConnectorRegistry,
  isConnectorError,
  type WriteOutcome,
} from "@pacer/connectors";
import {
  type AutopilotAction,
  type AutopilotCampaign,
  addDays,
  budgetCalendar,
  budgetSettings,
  DAY_OVERDELIVERY,
  evaluateAutopilot,
  metricsWindow,
  RECENT_DAYS,
  trackerData,
  undoAction,
  WriteRateLimiter,
  writeRateLimit,
} from "@pacer/core";
import {
  ActionStateConflictError,
  type AutopilotActionItem,
  autopilotSwitchOn,
  createAutopilotActions,
  decideAutopilotAction,
  deleteAutopilotActions,
  findTracker,
  getAutopilotAction,
  getAutopilotRecord,
  getIntegration,
  type Integration,
  listAutopilotActions,
  listDailyMetrics,
  type NewAutopilotAction,
  type Tracker,
  updateAutopilotState,
} from "@pacer/db";
import {
  type Actor,
  AutopilotUnavailableError,
  dayStartBudgets,
  type EvaluationResult,
  lacksWriteScopes,
  settingsOf,
  type Unsupported,
  WriteScopeNeededError,
} from "./autopilot.ts";
import { sendNewProposals } from "./autopilot-proposals.ts";
import { withCredentials } from "./integration-credentials.ts";
import { logger } from "./logger.ts";
import { connectorFilters, metaDataOf, type StoredDataSource } from "./tracker-source.ts";

/**
 * AutoPilot's evaluation and writes (`autopilot.ts` describes them), in a module of their own that
 * `autopilot.ts` imports at the first evaluation, write or write-access check of a cold start: with
 * `@pacer/core`'s rules and forecast and the proposals' delivery, they are not read when the
 * trackers group or the refresh worker loads (in a deployed bundle, a chunk of their own). Call
 * them through `autopilot.ts`.
 */

/** The platform side of a tracker AutoPilot acts through. */
interface TrackerPlatform {
  tracker: Tracker;
  integration: Integration;
  connector: Connector;
  writer: CampaignWriter;
  account: { id: string; currency?: string; timeZone?: string; metaData?: Record<string, string> };
}

/** The platform side of a tracker, or why there is none. */
async function platformOf(
  tracker: Tracker,
  registry: ConnectorRegistry,
): Promise<TrackerPlatform | Unsupported> {
  const source = (tracker.dataSource ?? {}) as StoredDataSource;
  const slug = source.integration?.slug ?? "";
  const connector = (registry as Record<string, Connector | undefined>)[slug];
  if (!connector?.live || !connector.campaigns) return "not_supported";
  const integration = await getIntegration(tracker.accountId, slug, source.integration?.email ?? "");
  const viewId = source.view?.id;
  if (!integration || !viewId) return "no_connection";
  const metaData = metaDataOf(source.view);
  return {
    tracker,
    integration,
    connector,
    writer: connector.campaigns,
    account: {
      id: viewId,
      currency: tracker.currency,
      timeZone: tracker.timeZone,
      ...(metaData ? { metaData } : {}),
    },
  };
}

/** Same change (campaign, kind, target value) as a proposal already stored. */
const sameChange = (a: Pick<AutopilotAction, "campaignId" | "kind" | "after">, b: AutopilotActionItem) =>
  a.campaignId === b.campaignId && a.kind === b.kind && a.after === b.after;

/**
 * Evaluates a tracker's AutoPilot now. Off (no settings, disabled, account switch off): nothing is
 * read from the platform. Suggest: the proposals are stored (an identical open proposal is kept,
 * stale ones removed). Apply: each action is written and recorded. The first evaluation of a day
 * (in the tracker's time zone) is the daily run; later ones are "after a refresh" (Cruise then acts
 * only beyond its band).
 * @throws the connectors' typed errors when the campaigns cannot be read
 */
export async function evaluateTrackerAutopilot(
  accountId: string,
  trackerId: string,
  deps: { registry: ConnectorRegistry; now: Date },
): Promise<EvaluationResult> {
  const record = await getAutopilotRecord(accountId, trackerId);
  const settings = settingsOf(record);
  if (!record || !settings.enabled) return { actions: [], skipped: "off" };
  if (!(await autopilotSwitchOn(accountId))) return { actions: [], skipped: "switched_off" };
  const tracker = await findTracker(accountId, trackerId);
  if (!tracker) return { actions: [], skipped: "no_connection" };
  const platform = await platformOf(tracker, deps.registry);
  if (typeof platform === "string") return { actions: [], skipped: platform };

  const { now } = deps;
  const calendar = budgetCalendar(now, tracker.timeZone);
  const window = metricsWindow(tracker, calendar);
  const rows = await listDailyMetrics(accountId, trackerId, window.from, window.to);
  const figures = trackerData({ settings: budgetSettings(tracker), rows }, calendar);
  const lifetime = figures.primary === "lifetime" && tracker.lifetimeBudgetDates;
  const period = lifetime
    ? {
        kind: "lifetime" as const,
        budget: figures.lifetimeBudget,
        lifetimeBudgetDates: {
          startDate: tracker.lifetimeBudgetDates?.startDate ?? calendar.monthStart,
          endDate: tracker.lifetimeBudgetDates?.endDate ?? null,
        },
      }
    : { kind: "month" as const, budget: figures.budget };
  if (period.budget <= 0) return { actions: [], skipped: "no_figures" };
  const periodStart = period.kind === "lifetime" ? period.lifetimeBudgetDates.startDate : calendar.monthStart;

  const campaigns = await withCredentials(
    platform.integration,
    platform.connector,
    (credentials) =>
      platform.writer.listCampaigns(credentials, {
        account: platform.account,
        filters: connectorFilters(tracker.filters),
        from: addDays(calendar.today, -RECENT_DAYS),
        to: addDays(calendar.today, -1),
      }),
    now,
  );
  // AutoPilot's pauses still in force: a campaign enabled since (by anyone) is no longer one.
  const paused = { ...((record.pausedCampaigns ?? {}) as Record<string, string>) };
  for (const c of campaigns) if (c.status === "enabled") delete paused[c.id];
  const history = await listAutopilotActions(accountId, trackerId);
  const dayStart = dayStartBudgets(history, calendar.today, tracker.timeZone);
  const candidates: AutopilotCampaign[] = campaigns
    .filter((c) => c.status !== "other")
    .map((c) => {
      const began = dayStart.get(c.id);
      return {
        id: c.id,
        name: c.name,
        status: c.status as "enabled" | "paused",
        pausedByAutopilotIn: c.status === "paused" ? (paused[c.id] ?? null) : null,
        dailyBudget: c.dailyBudgetMicros,
        ...(c.budgetId ? { budgetId: c.budgetId } : {}),
        ...(began !== undefined ? { dayStartBudget: began } : {}),
        recentSpend: c.spendMicros,
      };
    });
  const trigger = record.lastDailyRun === calendar.today ? "refresh" : "daily";
  const proposed = evaluateAutopilot({
    settings,
    calendar,
    weekdaysOnly: tracker.weekdaysOnly ?? false,
    period,
    rows,
    campaigns: candidates,
    limits: {
      ...platform.writer.budgetLimits(tracker.currency),
      dayOverdelivery: DAY_OVERDELIVERY[platform.connector.slug] ?? 1,
    },
    trigger,
    recentDays: RECENT_DAYS,
  });
  await updateAutopilotState(accountId, trackerId, { pausedCampaigns: paused, lastDailyRun: calendar.today });

  const open = history.filter((a) => a.status === "proposed");
  await deleteAutopilotActions(
    accountId,
    trackerId,
    open.filter((o) => !proposed.some((p) => sameChange(p, o))).map((o) => o.actionId),
  );
  const kept = open.filter((o) => proposed.some((p) => sameChange(p, o)));
  const created = await createAutopilotActions(
    accountId,
    trackerId,
    proposed
      .filter((p) => !kept.some((o) => sameChange(p, o)))
      .map(
        (p): NewAutopilotAction => ({
          campaignId: p.campaignId,
          campaignName: p.campaignName,
          kind: p.kind,
          before: p.before,
          after: p.after,
          rule: p.rule,
          figures: p.figures,
          periodStart,
          status: "proposed",
        }),
      ),
    now,
  );
  const actions = [...kept, ...created];
  if (settings.mode !== "apply") {
    // Each new proposal is sent once: a kept (identical, still open) one was sent when created.
    await sendNewProposals(tracker, settings.sendProposalsTo, created, now);
    return { actions };
  }
  if (lacksWriteScopes(platform.integration, platform.connector)) {
    // Apply mode on a connection without the write scopes (reconnected without them since): the
    // changes stay proposed and the tracker shows why.
    const needed = new WriteScopeNeededError(platform.connector.slug, platform.connector.displayName);
    await updateAutopilotState(accountId, trackerId, {
      lastFailure: {
        at: now.toISOString(),
        code: "write_scope_needed",
        message: needed.message,
        campaignId: "",
      },
    });
    return { actions, skipped: "write_scope_needed" };
  }
  const applied: AutopilotActionItem[] = [];
  for (const action of actions) applied.push(await applyOn(platform, action, { type: "autopilot" }, now));
  return { actions: applied };
}

/** AutoPilot's write rate limit per connection in this process (`@pacer/core` autopilot-rate-limit). */
const writeLimiter = new WriteRateLimiter({
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
});

/** Calls a write costs: the read, then the mutate (sent only when the value differs). */
const WRITE_CALLS = 2;

/**
 * Sends one action's write to the platform (read, compare, write), within the platform's write rate
 * limit per connection (waits for a slot).
 */
async function write(
  platform: TrackerPlatform,
  action: Pick<AutopilotActionItem, "campaignId" | "kind" | "after">,
  now: Date,
) {
  const { integration, connector } = platform;
  const connection = `${integration.accountId}/${integration.slug}/${integration.email}`;
  await writeLimiter.acquire(connection, writeRateLimit(connector.slug), WRITE_CALLS);
  return withCredentials(
    platform.integration,
    platform.connector,
    (credentials): Promise<WriteOutcome> => {
      const target = { account: platform.account, campaignId: action.campaignId };
      return action.kind === "set-daily-budget"
        ? platform.writer.setCampaignDailyBudget(credentials, { ...target, amountMicros: action.after })
        : platform.writer.setCampaignStatus(credentials, {
            ...target,
            status: action.kind === "enable" ? "enabled" : "paused",
          });
    },
    now,
  );
}

/**
 * Applies a proposed action and records the outcome: applied (with the platform's answer; the
 * campaigns AutoPilot paused are kept so only they are re-enabled) or failed (with the typed error,
 * also kept as the tracker's last AutoPilot failure). Unexpected errors are re-thrown.
 */
async function applyOn(
  platform: TrackerPlatform,
  action: AutopilotActionItem,
  actor: Actor,
  now: Date,
): Promise<AutopilotActionItem> {
  const { accountId, trackerId } = platform.tracker;
  const decidedAt = now.toISOString();
  try {
    const outcome = await write(platform, action, now);
    const done = await decideAutopilotAction(accountId, trackerId, action.actionId, ["proposed"], {
      status: "applied",
      actor,
      decidedAt,
      answer: outcome.answer,
    });
    const record = await getAutopilotRecord(accountId, trackerId);
    const paused = { ...((record?.pausedCampaigns ?? {}) as Record<string, string>) };
    // A pause that found the campaign already paused (by a person, meanwhile) is not AutoPilot's.
    // Pause at budget and Cruise's end-of-period guard both pause until the next period.
    if (
      action.kind === "pause" &&
      (action.rule === "pauseAtBudget" || action.rule === "cruise") &&
      outcome.changed
    ) {
      paused[action.campaignId] = action.periodStart;
    }
    if (action.kind === "enable") delete paused[action.campaignId];
    await updateAutopilotState(accountId, trackerId, { pausedCampaigns: paused, lastFailure: null });
    return done;
  } catch (error) {
    if (!isConnectorError(error)) throw error;
    logger.warn("AutoPilot write refused", {
      accountId,
      trackerId,
      slug: platform.connector.slug,
      code: error.code,
      reason: error.reason,
    });
    const failure = { code: error.code, message: error.message };
    await updateAutopilotState(accountId, trackerId, {
      lastFailure: { at: decidedAt, ...failure, campaignId: action.campaignId },
    });
    return decideAutopilotAction(accountId, trackerId, action.actionId, ["proposed"], {
      status: "failed",
      actor,
      decidedAt,
      error: failure,
    });
  }
}

/** @throws WriteScopeNeededError when the connection lacks the write scopes */
function requireWriteScopes(platform: TrackerPlatform): void {
  if (lacksWriteScopes(platform.integration, platform.connector))
    throw new WriteScopeNeededError(platform.connector.slug, platform.connector.displayName);
}

/**
 * Refuses turning AutoPilot on in Apply mode on a tracker whose connection lacks the write scopes
 * (a tracker AutoPilot cannot act on yet is left to the settings answer's `supported`).
 * @throws WriteScopeNeededError
 */
export async function assertWriteAccess(tracker: Tracker, registry: ConnectorRegistry): Promise<void> {
  const platform = await platformOf(tracker, registry);
  if (typeof platform !== "string") requireWriteScopes(platform);
}

/**
 * The platform side of a tracker for a user's write.
 * @throws AutopilotUnavailableError; WriteScopeNeededError when the connection lacks the write scopes
 */
async function platformForAction(tracker: Tracker, registry: ConnectorRegistry): Promise<TrackerPlatform> {
  const platform = await platformOf(tracker, registry);
  if (typeof platform === "string") throw new AutopilotUnavailableError(platform);
  requireWriteScopes(platform);
  return platform;
}

/**
 * The tracker's platform to act through and one of its actions, which must be in `status`.
 * @throws AutopilotUnavailableError; NotFoundError; ActionStateConflictError when in another status
 */
async function decidableAction(
  tracker: Tracker,
  actionId: string,
  status: AutopilotActionItem["status"],
  registry: ConnectorRegistry,
) {
  const platform = await platformForAction(tracker, registry);
  const action = await getAutopilotAction(tracker.accountId, tracker.trackerId, actionId);
  if (action.status !== status) throw new ActionStateConflictError();
  return { platform, action };
}

/**
 * Applies a proposal for a user.
 * @throws AutopilotUnavailableError; NotFoundError; ActionStateConflictError when already decided
 */
export async function applyAutopilotAction(
  tracker: Tracker,
  actionId: string,
  actor: Actor,
  deps: { registry: ConnectorRegistry; now: Date },
): Promise<AutopilotActionItem> {
  const { platform, action } = await decidableAction(tracker, actionId, "proposed", deps.registry);
  return applyOn(platform, action, actor, deps.now);
}

/**
 * Undoes an applied action for a user: a new action (rule "undo") writing the value back, applied at
 * once; when it succeeds the original is marked undone.
 * @returns the undo action (applied, or failed with the platform's error)
 */
export async function undoAutopilotAction(
  tracker: Tracker,
  actionId: string,
  actor: Actor,
  deps: { registry: ConnectorRegistry; now: Date },
): Promise<AutopilotActionItem> {
  const { platform, action: original } = await decidableAction(tracker, actionId, "applied", deps.registry);
  const back = undoAction({
    campaignId: original.campaignId,
    campaignName: original.campaignName,
    kind: original.kind,
    before: original.before,
    after: original.after,
    rule: original.rule === "undo" ? "pauseAtBudget" : original.rule,
    figures: {},
  });
  const [undo] = await createAutopilotActions(
    tracker.accountId,
    tracker.trackerId,
    [
      {
        campaignId: back.campaignId,
        campaignName: back.campaignName,
        kind: back.kind,
        before: back.before,
        after: back.after,
        rule: "undo",
        figures: { undoes: original.actionId },
        periodStart: original.periodStart,
        status: "proposed",
        undoes: original.actionId,
      },
    ],
    deps.now,
  );
  if (!undo) throw new Error("The undo action was not stored");
  const done = await applyOn(platform, undo, actor, deps.now);
  if (done.status === "applied") {
    await decideAutopilotAction(tracker.accountId, tracker.trackerId, original.actionId, ["applied"], {
      status: "undone",
      actor,
      decidedAt: deps.now.toISOString(),
      undoneBy: undo.actionId,
    });
  }
  return done;
}

/**
 * The evaluation after a refresh (the refresh worker): never fails the refresh. A platform error is
 * logged and kept as the tracker's last AutoPilot failure.
 */
export async function evaluateAfterRefresh(
  accountId: string,
  trackerId: string,
  deps: { registry: ConnectorRegistry; now: Date },
): Promise<EvaluationResult | undefined> {
  try {
    return await evaluateTrackerAutopilot(accountId, trackerId, deps);
  } catch (error) {
    logger.warn("AutoPilot evaluation failed", {
      accountId,
      trackerId,
      ...(isConnectorError(error) ? { code: error.code, reason: error.reason } : { error: String(error) }),
    });
    if (isConnectorError(error)) {
      await updateAutopilotState(accountId, trackerId, {
        lastFailure: { at: deps.now.toISOString(), code: error.code, message: error.message, campaignId: "" },
      }).catch(() => undefined);
    }
    return undefined;
  }
}
