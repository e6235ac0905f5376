import type { AlertData, AlertLevel, FireWhen, SpendProgress } from "./alerts.ts";
import type { TableColumnPreference } from "./columns.ts";
import type { UserType } from "./types.ts";
import type { DigestFrequency } from "./validation.ts";

/**
 * The product's domain records as plain types: a tracker, a pod, a shared budget, an integration, an
 * account, a user and an alert (a user's role, `UserType`, is in types.ts)
 * (spec trackers.md section 3; pods-budgets-alerts-users-connections.md sections 3 and 6;
 * overview-access-account.md section 3). They carry
 * no storage detail; `@pacer/db` maps its items to them (and its type check proves each item has
 * exactly these fields), so the pure rules (visibility, figures, alerts) depend on core alone.
 * Money is integer micros; dates are `yyyy-MM-dd`; timestamps ISO 8601 strings.
 */

/** What a failed refresh said: the title and text the tracker shows. */
export interface RefreshFailureText {
  title?: string | undefined;
  msg?: string | undefined;
}

/**
 * A tracker: one ad account on one platform tied to a budget (trackers.md section 3), with the
 * user's settings and, in `data`, the engine's figures (`TrackerData` as one JSON string) computed
 * when the settings or the daily metrics last changed. Pod and shared-budget membership is not here:
 * the pods and shared budgets record it.
 */
export interface Tracker {
  accountId: string;
  trackerId: string;
  name: string;
  client: string;
  /** ISO 4217 code of the ad account's money. */
  currency: string;
  /** The user chose the currency (rather than the platform's). */
  currencySet: boolean;
  /** IANA time zone of the ad account: the days of the daily metrics and of every figure. */
  timeZone: string;
  /** Budget taken from the platform (true) or set by hand (false). */
  automatedBudget: boolean;
  /**
   * The platform's budget for automated trackers (micros per period; "lifetime" over the flight
   * `startDate`..`endDate`), written by the refresh.
   */
  platformBudget?:
    | {
        amount: number;
        period: "day" | "month" | "lifetime";
        startDate?: string | undefined;
        endDate?: string | undefined;
      }
    | undefined;
  /** Manual budget in micros per `budgetPeriod`. */
  manualBudgetValue?: number | undefined;
  budgetPeriod: "day" | "month";
  weekdaysOnly: boolean;
  /** Lifetime budget in micros. */
  lifetimeBudget?: number | undefined;
  /** The lifetime flight; `endDate` absent = no end. */
  lifetimeBudgetDates?: { startDate: string; endDate?: string | undefined } | undefined;
  useLifetimeBudgetAsPrimary: boolean;
  lastMonthOverUnderSpendIncludedInBudgetCalc: boolean;
  lastSixMonthsOverUnderSpendIncludedInBudgetCalc: boolean;
  /** User-entered over/under spend in micros, replacing the computed one. */
  previousOverUnderSpend?: number | undefined;
  /** Edited months: `[{ month, budget, actualSpend }]` in micros (validated where it is written). */
  // biome-ignore lint/suspicious/noExplicitAny: stored JSON, shaped by the use-case that writes it
  historicData?: any;
  /** `[{ month, budget: micros | false, budgetPeriod: "day" | "month" | false }]`. */
  // biome-ignore lint/suspicious/noExplicitAny: stored JSON, shaped by the use-case that writes it
  futureBudgets?: any;
  /** Awaiting a data refresh (trackers.md section 4); the refresh clears it. */
  requiresUpdate: boolean;
  /**
   * AutoPilot is enabled in the tracker's AutoPilot settings (stored with them): a refresh reads
   * those settings only when true; absent on trackers stored before the flag (then it reads them).
   */
  autopilotOn?: boolean;
  /** Ids of the Manager and Viewer users who may see the tracker. */
  associatedUserIds: string[];
  /** Filter settings (id, name, type, selection, ...), without possible values. */
  // biome-ignore lint/suspicious/noExplicitAny: stored JSON, shaped by the use-case that writes it
  filters?: any;
  /** `{ integration: { name, slug, email, avatar, metaData }, view: { id, name, metaData } }`. */
  // biome-ignore lint/suspicious/noExplicitAny: stored JSON, parsed by `dataSourceOf` in the functions
  dataSource: any;
  dataLoading?: boolean | undefined;
  isUpdating?: boolean | undefined;
  isBudgetUpdating?: boolean | undefined;
  dataLoadFail?: boolean | undefined;
  budgetLoadFail?: boolean | undefined;
  err?: RefreshFailureText | undefined;
  /** The engine's TrackerData as JSON. */
  data?: string | undefined;
  /** When the computation that produced `data` ran. */
  dataComputedAt?: string | undefined;
  /** The last successful data refresh (a failure leaves it as it was). */
  lastRefreshedAt?: string | undefined;
  /** The last failed refresh attempt (a retry or the final failure). */
  lastFailedAt?: string | undefined;
  /** Today's spend as the refreshes saw it go up (the 'Hours Without Spend' alert metric). */
  spendProgress?: SpendProgress | undefined;
  /** What the last failed attempt said, kept after a later success. */
  lastFailure?: RefreshFailureText | undefined;
  createdAt: string;
  createdBy: string;
  /** Optimistic-locking version of the user-editable settings. */
  version: number;
}

/**
 * A pod: a named group of trackers and users (pods-budgets-alerts-users-connections.md section 3),
 * the one record of which trackers belong to it (a tracker is in at most one pod).
 */
export interface Pod {
  accountId: string;
  podId: string;
  name: string;
  description: string;
  /** Tracker ids. */
  trackers: string[];
  /** User ids listed in the pod (its owner counts too, see `podListsUser`). */
  users: string[];
  /** The user who created the pod. */
  ownerId: string;
  createdAt: string;
  version: number;
}

/** A tracker's share of a shared budget: percent 0..100 or micros 0..budget (clamped). */
export interface SharedBudgetAllocation {
  _id: string;
  budgetAllocation?: number | undefined;
  budgetAllocationMoney?: number | undefined;
}

/**
 * A shared budget: one monthly money budget shared by several trackers, each taking an allocation
 * (pods-budgets-alerts-users-connections.md section 3); the one record of its trackers.
 */
export interface SharedBudget {
  accountId: string;
  sharedBudgetId: string;
  name: string;
  description: string;
  /** Total monthly budget in micros. */
  budget: number;
  allocatedBudgetAsAPercentage: boolean;
  hasManualAllocationBeenSet: boolean;
  weekdaysOnly: boolean;
  trackers: SharedBudgetAllocation[];
  users: string[];
  ownerId: string;
  createdAt: string;
  version: number;
}

/**
 * A connection of the account to an ad platform (spec overview-access-account.md section 3,
 * Integration): metadata only. The platform tokens live in the secret store under `secretRef`; the
 * two facts the health rules need (`hasRefreshToken`, `accessTokenExpiresAt`) are copied here so the
 * account's integration warnings are computed without reading a secret.
 */
export interface Integration {
  accountId: string;
  /** The platform's slug (see platforms.ts). */
  slug: string;
  /** The platform login's e-mail (or another stable login id when the platform has no e-mail). */
  email: string;
  name?: string | undefined;
  avatar?: string | undefined;
  type?: string | undefined;
  category?: string | undefined;
  /** Facts about the login the connection flow kept (e.g. the platform's user id and name). */
  // biome-ignore lint/suspicious/noExplicitAny: stored JSON, shaped by the use-case that writes it
  metaData?: any;
  /** Name of the secret holding the tokens (never the tokens themselves). */
  secretRef?: string | undefined;
  hasRefreshToken: boolean;
  /** ISO timestamp at which the access token expires, when the platform says. */
  accessTokenExpiresAt?: string | undefined;
  /**
   * Set when the platform refused the stored credentials (connectors' AuthError: revoked or expired
   * grant); the connection is then danger until it is connected again. ISO timestamp.
   */
  authFailedAt?: string | undefined;
  /** The platform's reason for {@link authFailedAt} (e.g. `invalid_grant`, `190/460`), for support. */
  authFailure?: string | undefined;
  /** When the connection was made (ISO timestamp). */
  connectedAt: string;
  /** OAuth scopes the platform reported granted (its token answer's `scope`), when it does. */
  grantedScopes?: string[];
  /** ISO: connected with the write scopes asked, on a platform that does not report scopes (Meta). */
  writeConsentAt?: string;
  version: number;
}

/**
 * An account: a company using the product (spec overview-access-account.md section 3). It owns
 * users, integrations, trackers, pods, shared budgets and alerts.
 */
export interface Account {
  accountId: string;
  name: string;
  avatar?: string | undefined;
  /** ISO 4217 code; default GBP (spec section 3). */
  currency: string;
  address?: string | undefined;
  /** IANA time zone of the account, used for the daily alert run. */
  timeZone: string;
  freeTrial: boolean;
  /** ISO timestamp at which the free trial ends (registration + 14 days). */
  freeTrialEndDate?: string | undefined;
  /** Hours between scheduled data refreshes of the account's trackers. */
  hourlyCycle: number;
  /** ISO timestamp of the last scheduled refresh run. */
  lastDashboardRunDate?: string | undefined;
  /** ISO timestamp of the next scheduled refresh run (last run + hourlyCycle). */
  nextRunAt: string;
  /** How many trackers the account may have (trackers.md section 1; its plan's limit). */
  trackerAllowance: number;
  /** Default 30; the spec does not show its use (pods-budgets-alerts-users-connections.md section 3). */
  capacity: number;
  /** Column ids in the account's chosen order (spec trackers.md section 2, Column Ordering). */
  columnsOrder?: string[] | undefined;
  showTableTotals: boolean;
  /** When the account registered (ISO timestamp). */
  registrationDate: string;
  coupon?: string | undefined;
  referralName?: string | undefined;
  stripeCustomerId?: string | undefined;
  /**
   * True from an e-mail self-registration until an Admin of the account proves their address: the
   * account sends no alert or invitation e-mail meanwhile. Absent or false: the account may send.
   */
  emailConfirmationPending?: boolean | undefined;
  /** Optimistic-locking counter, incremented by every update. */
  version: number;
}

/** A tracker the user marked as a favourite: its id and name. */
export interface FavouriteTracker {
  _id: string;
  name: string;
}

/** A user's table column visibility (id + hideColumn) and primary dashboard view. */
export interface UserPreferences {
  tableColumns?:
    | (TableColumnPreference & {
        name?: string | undefined;
        description?: string | undefined;
        formula?: string | undefined;
      })[]
    | undefined;
  primaryDashboardView?: string | undefined;
}

/**
 * Which product e-mails a user gets: `unsubscribedAll` stops every one (spec
 * overview-access-account.md section 2.5); `digest` is how often they get the pacing digest (absent
 * means off).
 */
export interface NotificationPreferences {
  unsubscribedAll?: boolean | undefined;
  digest?: DigestFrequency | undefined;
}

/**
 * A user of an account (spec overview-access-account.md section 3). Holds the password hash and
 * token facts: never return it whole from a handler.
 */
export interface User {
  userId: string;
  accountId: string;
  name: string;
  /** Lower-cased e-mail address; unique across the product. */
  email: string;
  userType: UserType;
  /** argon2id PHC string; absent for users who only sign in with Google or have not set one yet. */
  passwordHash?: string | undefined;
  /** ISO timestamp of the last password change; reset links issued before it no longer work. */
  passwordChangedAt?: string | undefined;
  /** ISO timestamp at which the latest password reset link expires (spec section 3). */
  resetPasswordExpires?: string | undefined;
  /**
   * Token hash of the latest reset or set-password link issued to the user: only that link works,
   * so issuing a link invalidates every earlier unused one.
   */
  latestResetHash?: string | undefined;
  /**
   * ISO timestamp at which the user proved they own their address (a link e-mailed to it, an
   * e-mailed invitation, Google); absent until then.
   */
  emailConfirmedAt?: string | undefined;
  /** Google account subject (`sub`) once the user has signed in with Google. */
  googleSub?: string | undefined;
  avatar?: string | undefined;
  /** When the user registered (ISO timestamp). */
  registrationDate: string;
  favouriteTrackers?: FavouriteTracker[] | undefined;
  preferences?: UserPreferences | undefined;
  /** Stored with no fields. */
  userPreferences?: Record<string, never> | undefined;
  notificationPreferences?: NotificationPreferences | undefined;
  /**
   * The period of the last pacing digest sent to the user (`day:<yyyy-MM-dd>` or `week:<Monday>`,
   * `digestSchedule`): a digest is claimed by writing it, so a period gets one digest at most.
   */
  digestSentPeriod?: string | undefined;
  productTourFire?: boolean | undefined;
  productTourAlreadyFired?: boolean | undefined;
  createTrackerGuideTour?: boolean | undefined;
  CreateTrackerGuideAlreadyFired?: boolean | undefined;
  /**
   * Epoch seconds: session tokens issued before this instant are refused (password change, role
   * change, removal).
   */
  tokensValidAfter: number;
  version: number;
}

/**
 * The targets an alert watches: all of its level's, or the chosen ones (tracker ids, client names or
 * pod ids by level; see `alertFormSchema`).
 */
export type AlertTargetChoice = { all: true } | { all: false; ids: string[] };

/**
 * An alert rule (spec pods-budgets-alerts-users-connections.md sections 2.10 and 3): level, targets,
 * metric, operator and threshold, frequency, and the users it e-mails besides its creator.
 */
export interface Alert {
  accountId: string;
  alertId: string;
  name: string;
  level: AlertLevel;
  /** `{ all: true }` or `{ all: false, ids }`: tracker ids, client names or pod ids by level. */
  target: AlertTargetChoice;
  /** `{ metric, metricName, operator, valueSet, value, valueBudget }`; `value` in the metric's unit. */
  data: AlertData;
  /** The alert's kind: `user` (spec section 3), the only one. */
  type: string;
  fireWhen: FireWhen;
  /** Weekly: weekday 1..5; monthly: day of month 1..31; absent for everyday. */
  fireOn?: number | undefined;
  /** The account's alert channels (ids) a firing or resolution is also delivered to. */
  channelIds?: string[] | undefined;
  /** User ids of the account e-mailed besides the creator. */
  additionalRecipientIds: string[];
  /** The creator (the spec's `user`). */
  userId: string;
  createdAt: string;
  updatedAt?: string | undefined;
  /** The whole alert's snooze end (ISO): nothing is evaluated or sent for it before then. */
  snoozedUntil?: string | undefined;
}
