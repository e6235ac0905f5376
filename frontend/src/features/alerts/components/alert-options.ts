import { ALERT_METRICS, type AlertBudgetField, type AlertLevel, type FireWhen } from "@pacer/core/alerts";

/** Choices of the alert form (spec 2.10). */
export const LEVEL_OPTIONS: readonly { value: AlertLevel; label: string }[] = [
  { value: "tracker", label: "Tracker" },
  { value: "client", label: "Client" },
  { value: "pod", label: "Pod" },
];

export const LEVEL_PLURAL: Record<AlertLevel, string> = {
  tracker: "Trackers",
  client: "Clients",
  pod: "Pods",
};

export const OPERATOR_OPTIONS = [
  { value: "isGreaterThan", label: "is greater than" },
  { value: "isLessThan", label: "is less than" },
] as const;

export const FIRE_WHEN_OPTIONS: readonly { value: FireWhen; label: string }[] = [
  { value: "everyday", label: "Every day" },
  { value: "weekly", label: "Weekly" },
  { value: "monthly", label: "Monthly" },
];

export const WEEKDAY_OPTIONS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].map((label, i) => ({
  value: String(i + 1),
  label,
}));

export const MONTH_DAY_OPTIONS = Array.from({ length: 31 }, (_, i) => ({
  value: String(i + 1),
  label: String(i + 1),
}));

export const METRIC_OPTIONS = ALERT_METRICS.map((m) => ({ value: m.id, label: m.name }));

export const BUDGET_OPTIONS: readonly { value: AlertBudgetField; label: string }[] = [
  { value: "budget", label: "Budget" },
  { value: "dailyBudget", label: "Daily Budget" },
  { value: "lastMonthBudget", label: "Last Month Budget" },
  { value: "lifetimeBudget", label: "Lifetime Budget" },
];
