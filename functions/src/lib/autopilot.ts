import type { Connector, ConnectorRegistry } from "@pacer/connectors";
import { type AutopilotSettings, budgetCalendar, DEFAULT_AUTOPILOT_SETTINGS } from "@pacer/core";
import {
  type AutopilotActionItem,
  type AutopilotRecord,
  decideAutopilotAction,
  type Integration,
  type Tracker,
} from "@pacer/db";
import { sharedPromise } from "./shared-promise.ts";
import type { StoredDataSource } from "./tracker-source.ts";

/**
 * AutoPilot's use-cases (beyond the spec), shared by the tracker routes and the refresh worker:
 * evaluate a tracker's rules (`@pacer/core` evaluateAutopilot) over its stored daily metrics and its
 * campaigns as the platform reports them, store the proposals (Suggest) or apply them at once
 * (Apply), and apply, dismiss or undo one action. Every write goes through the connector's
 * `campaigns` writer (read, compare, write) and is recorded in the audit trail with who did it,
 * the figures, and the platform's answer or typed error.
 *
 * With AutoPilot off (no settings item, `enabled` false, or the account switch off) nothing is
 * read from or written to the platform.
 *
 * The evaluation and the writes (with `@pacer/core`'s rules and forecast, and the proposals'
 * delivery) live in `autopilot-engine.ts`, imported at the first call that needs them in a cold
 * start, so the groups that only sometimes run AutoPilot (trackers, the refresh worker) do not read
 * them at load; the settings, the scope check and the errors are here.
 */

/** Who decided an action: AutoPilot itself (Apply mode) or a user. */
export type Actor = { type: "autopilot" } | { type: "user"; userId: string; name: string };

/** Why a tracker's campaigns cannot be written: no connection, or the platform has no writes yet. */
export type Unsupported = "no_connection" | "not_supported";

/** Whether a tracker's platform supports AutoPilot writes (the settings answer says so). */
export function supportsAutopilot(tracker: Tracker, registry: ConnectorRegistry): boolean {
  const slug = ((tracker.dataSource ?? {}) as StoredDataSource).integration?.slug ?? "";
  return Boolean((registry as Record<string, Connector | undefined>)[slug]?.campaigns);
}

/** The settings of a stored record, defaults filled in (no record: AutoPilot off). */
export function settingsOf(record: AutopilotRecord | null): AutopilotSettings {
  const stored = (record?.settings ?? {}) as Partial<AutopilotSettings>;
  return {
    ...DEFAULT_AUTOPILOT_SETTINGS,
    ...stored,
    pauseAtBudget: { ...DEFAULT_AUTOPILOT_SETTINGS.pauseAtBudget, ...stored.pauseAtBudget },
    cruise: { ...DEFAULT_AUTOPILOT_SETTINGS.cruise, ...stored.cruise },
    sendProposalsTo: { ...DEFAULT_AUTOPILOT_SETTINGS.sendProposalsTo, ...stored.sendProposalsTo },
  };
}

/** What an evaluation did. */
export interface EvaluationResult {
  /** The proposals now open (Suggest), or the actions just applied or failed (Apply). */
  actions: AutopilotActionItem[];
  /** Why nothing was evaluated, when nothing was. */
  skipped?: "off" | "switched_off" | Unsupported | "no_figures" | "write_scope_needed";
}

/**
 * The daily budget each campaign began `today` (in `timeZone`) with, micros, for the campaigns
 * whose budget was written today (applied or undone: both reached the platform): the `before` of
 * the day's first budget write. Cruise measures its per-change cap from it, so however many
 * refreshes run in a day a budget moves by at most the cap that day.
 * @param actions the tracker's audit trail, any order
 */
export function dayStartBudgets(
  actions: readonly AutopilotActionItem[],
  today: string,
  timeZone: string,
): Map<string, number> {
  const first = new Map<string, AutopilotActionItem>();
  for (const a of actions) {
    if (a.kind !== "set-daily-budget" || !a.decidedAt) continue;
    if (a.status !== "applied" && a.status !== "undone") continue;
    if (budgetCalendar(new Date(a.decidedAt), timeZone).today !== today) continue;
    const known = first.get(a.campaignId);
    if (!known?.decidedAt || known.decidedAt > a.decidedAt) first.set(a.campaignId, a);
  }
  return new Map([...first].map(([id, a]) => [id, a.before]));
}

/**
 * Whether a connection lacks the write scopes its platform's campaign writes need (the connector's
 * `writeScopes`): not every one of them among the scopes the platform reported granted, and no
 * write consent recorded (platforms that do not report scopes, Meta). Platforms without write
 * scopes (their read scopes cover writes: Google Ads, Microsoft, Amazon, TikTok) never lack them.
 */
export function lacksWriteScopes(
  integration: Pick<Integration, "grantedScopes" | "writeConsentAt">,
  connector: Pick<Connector, "writeScopes">,
): boolean {
  const needed = connector.writeScopes ?? [];
  if (needed.length === 0 || integration.writeConsentAt) return false;
  const granted = new Set(integration.grantedScopes ?? []);
  return !needed.every((scope) => granted.has(scope));
}

/**
 * The tracker's connection was made without the scopes AutoPilot's writes need: nothing is written;
 * the user reconnects with them (`GET /api/{segment}/authenticate?access=write`).
 */
export class WriteScopeNeededError extends Error {
  constructor(
    /** The platform's slug (its connect calls). */
    readonly slug: string,
    /** The platform's product name. */
    readonly platformName: string,
  ) {
    super(`Pacer needs permission to change campaigns on ${platformName}`);
    this.name = "WriteScopeNeededError";
  }
}

/** The tracker's platform cannot take AutoPilot writes (no connection, or not supported yet). */
export class AutopilotUnavailableError extends Error {
  constructor(readonly reason: Unsupported) {
    super(
      reason === "not_supported"
        ? "AutoPilot is not supported on this tracker's platform yet"
        : "The tracker has no connection to act through",
    );
  }
}

/** Dismisses a proposal for a user (nothing is written to the platform). */
export function dismissAutopilotAction(
  tracker: Tracker,
  actionId: string,
  actor: Actor,
  now: Date,
): Promise<AutopilotActionItem> {
  return decideAutopilotAction(tracker.accountId, tracker.trackerId, actionId, ["proposed"], {
    status: "dismissed",
    actor,
    decidedAt: now.toISOString(),
  });
}

/** AutoPilot's evaluation and writes (`autopilot-engine.ts`), imported at their first use in a cold start. */
const engine = sharedPromise(() => import("./autopilot-engine.ts"));

/** The engine module's exports. */
type Engine = typeof import("./autopilot-engine.ts");

/**
 * The engine's function `name`, with its signature, errors and docstring (in
 * `autopilot-engine.ts`), calling it through the engine imported at the first call.
 */
function fromEngine<K extends keyof Engine>(name: K): Engine[K] {
  const call = async (...args: unknown[]) =>
    ((await engine())[name] as (...a: unknown[]) => unknown)(...args);
  return call as Engine[K];
}

/** `evaluateTrackerAutopilot` of `autopilot-engine.ts`: evaluates a tracker's AutoPilot now. */
export const evaluateTrackerAutopilot = fromEngine("evaluateTrackerAutopilot");

/** `assertWriteAccess` of `autopilot-engine.ts`: refuses Apply mode without the write scopes. */
export const assertWriteAccess = fromEngine("assertWriteAccess");

/** `applyAutopilotAction` of `autopilot-engine.ts`: applies a proposal for a user. */
export const applyAutopilotAction = fromEngine("applyAutopilotAction");

/** `undoAutopilotAction` of `autopilot-engine.ts`: undoes an applied action for a user. */
export const undoAutopilotAction = fromEngine("undoAutopilotAction");

/** `evaluateAfterRefresh` of `autopilot-engine.ts`: the evaluation after a refresh, never failing it. */
export const evaluateAfterRefresh = fromEngine("evaluateAfterRefresh");
