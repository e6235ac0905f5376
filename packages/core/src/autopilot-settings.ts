import * as z from "zod";

/**
 * AutoPilot's settings (beyond the spec): the two rules' settings, their defaults and their schema,
 * in a module of their own so that reading a tracker's settings does not bring AutoPilot's rules and
 * the forecast they use (`autopilot.ts`, which re-exports all of this) into a bundle's load.
 * Percentages are percents (2 = 2%).
 */

/** Settings of the Pause at budget rule. */
export interface PauseAtBudgetSettings {
  enabled: boolean;
  /** Pause when the remaining budget is under this share of the budget, a percent (default 2). */
  remainingSharePercent: number;
  /**
   * Also pause when the forecast runs out of budget more than `forecastMarginDays` before the period
   * end (default off: that pause comes early and holds to the next period, leaving budget unspent).
   */
  useForecast: boolean;
  /** The forecast trigger's margin, days (default 1). */
  forecastMarginDays: number;
}

/** Settings of the Cruise rule. */
export interface CruiseSettings {
  enabled: boolean;
  /** Most a daily budget may change in one step, a percent of the current budget (default 30). */
  maxChangePercent: number;
  /** After a refresh, act only when the budgets' sum is off the daily target by more than this percent (default 10). */
  bandPercent: number;
}

/** What AutoPilot does with the actions it proposes. */
export type AutopilotMode = "suggest" | "apply";

/**
 * Who is told of each new proposal (Suggest mode), once per proposal: users by e-mail (only those
 * who may see the tracker and act on it, checked again at every send) and alert channels (a
 * message naming the tracker and how many changes wait, never campaigns or figures; only Admins
 * choose channels). functions/README.md "AutoPilot proposals".
 */
export interface ProposalRecipients {
  /** Users of the account (ids) e-mailed each new proposal. */
  userIds: string[];
  /** The account's alert channels (ids) told that new proposals wait. */
  channelIds: string[];
}

/** A tracker's AutoPilot settings (stored per tracker; off by default). */
export interface AutopilotSettings {
  enabled: boolean;
  mode: AutopilotMode;
  pauseAtBudget: PauseAtBudgetSettings;
  cruise: CruiseSettings;
  /** 'Send proposals to' (default nobody). */
  sendProposalsTo: ProposalRecipients;
}

/** The settings of a tracker that never set AutoPilot: off, Suggest, both rules off with their defaults. */
export const DEFAULT_AUTOPILOT_SETTINGS: Readonly<AutopilotSettings> = Object.freeze({
  enabled: false,
  mode: "suggest",
  pauseAtBudget: { enabled: false, remainingSharePercent: 2, useForecast: false, forecastMarginDays: 1 },
  cruise: { enabled: false, maxChangePercent: 30, bandPercent: 10 },
  sendProposalsTo: Object.freeze({ userIds: [], channelIds: [] }) as ProposalRecipients,
});

/** Zod schema of {@link AutopilotSettings} as the settings form and the API send them (bounds checked). */
export const autopilotSettingsSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    enabled: z.boolean(),
    mode: z.enum(["suggest", "apply"]),
    pauseAtBudget: z.object({
      enabled: z.boolean(),
      remainingSharePercent: z.number().min(0).max(50),
      useForecast: z.boolean(),
      forecastMarginDays: z.number().int().min(0).max(31),
    }),
    cruise: z.object({
      enabled: z.boolean(),
      maxChangePercent: z.number().min(1).max(100),
      bandPercent: z.number().min(0).max(100),
    }),
    sendProposalsTo: z.object({
      userIds: z.array(z.string().min(1).max(100)).max(100),
      channelIds: z.array(z.string().min(1).max(100)).max(20),
    }),
  }),
);
