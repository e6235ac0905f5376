import { zodResolver } from "@hookform/resolvers/zod";
import type { TrackerRow } from "@pacer/core/aggregate";
import { budgetCalendar, defaultLifetimeBudgetDates } from "@pacer/core/calendar";
import { cellValue } from "@pacer/core/cells";
import type { MetricColumnId } from "@pacer/core/columns";
import {
  DEFAULT_CURRENCY,
  formatBudgetAmount,
  formatCell,
  formatDisplayDate,
  parseAmountInput,
} from "@pacer/core/format";
import { isTrackerErrored } from "@pacer/core/row-state";
import type { TrackerData } from "@pacer/core/tracker-data";
import type { BudgetPeriod } from "@pacer/core/types";
import { lifetimeBudgetFormSchema, manualBudgetFormSchema } from "@pacer/core/validation";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { MoneyFieldControl } from "../../../../components/forms/money-field-control";
import { Button } from "../../../../components/ui/button";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { SelectField, TextField, Toggle } from "../../../../components/ui/field";
import { InlineEdit } from "../../../../components/ui/inline-edit";
import { useIntegrations } from "../../../../lib/integrations";
import type { TrackerDetail } from "../../../../lib/tracker-types";
import { type TrackerCall, trackerCalls } from "../../api/tracker";
import { useSetPending } from "./pending";

export type RunCall = (call: TrackerCall, message: string) => Promise<unknown>;

/** Turning automation off is manually setting the budget (spec section 2), behind a confirmation. */
export const MANUAL_BUDGET_QUESTION =
  "Turning off the automated budget means manually setting the budget for this Tracker. Do you want to continue?";

export const PERIOD_OPTIONS = [
  { value: "day", label: "per Day" },
  { value: "month", label: "per Month" },
] as const;

let currencyCodes: string[] | undefined;
/** The ISO 4217 codes the browser knows, GBP first (the default currency). */
function currencyOptions(current: string) {
  currencyCodes ??= (() => {
    try {
      return Intl.supportedValuesOf("currency");
    } catch {
      return ["GBP", "EUR", "USD"];
    }
  })();
  const codes = [DEFAULT_CURRENCY, ...currencyCodes.filter((c) => c !== DEFAULT_CURRENCY)];
  if (!codes.includes(current)) codes.push(current);
  return codes.map((c) => ({ value: c, label: c }));
}

/** A figure of the tracker as the dashboard shows it (engine: cellValue and formatCell). */
export function trackerFigure(tracker: TrackerDetail, id: MetricColumnId): string {
  if (!tracker.data) return "-";
  const row: TrackerRow = {
    id: tracker._id,
    name: tracker.name,
    client: tracker.client,
    channel: tracker.dataSource.integration.slug,
    currency: tracker.currency || DEFAULT_CURRENCY,
    errored: isTrackerErrored(tracker),
    data: tracker.data as TrackerData,
  };
  return formatCell(cellValue(row, id), id, row.currency);
}

/**
 * Preferences & Budgets (spec trackers.md section 2, Manage Tracker modal): name and client
 * (inline edit; client with suggestions), currency; Budget Management (Automate Budget, the monthly
 * and daily budget, a manual budget per day or per month, Weekdays Only, the lifetime budget block
 * while automation is off); Advanced Settings (last month or last six months over/under spend,
 * previous over/under spend).
 */
export function PreferencesTab({
  tracker,
  run,
  clients,
}: {
  tracker: TrackerDetail;
  run: RunCall;
  clients: readonly string[];
}) {
  const setPending = useSetPending();
  const id = tracker._id;
  const currency = tracker.currency || DEFAULT_CURRENCY;
  const calendar = useMemo(
    () => budgetCalendar(Date.now(), tracker.timeZone || "Europe/London"),
    [tracker.timeZone],
  );
  const [confirmManual, setConfirmManual] = useState(false);
  // A platform that gives no budget (the connections say so, per platform): automation cannot be turned on.
  const integrations = useIntegrations();
  const source = tracker.dataSource?.integration;
  const noPlatformBudget = (integrations.data ?? []).some(
    (i) => i.slug === source?.slug && i.budgetFromPlatform === false,
  );

  // Manual budget form (core's schema: an amount of 0 or more, per day or per month).
  const savedAmount = tracker.manualBudgetValue ? formatBudgetAmount(tracker.manualBudgetValue) : "";
  const savedPeriod: BudgetPeriod = tracker.budgetPeriod ?? "month";
  const manual = useForm({
    resolver: zodResolver(manualBudgetFormSchema),
    defaultValues: { budget: savedAmount, budgetPeriod: savedPeriod },
    mode: "onChange",
  });
  const resetManual = manual.reset;
  useEffect(
    () => resetManual({ budget: savedAmount, budgetPeriod: savedPeriod }),
    [savedAmount, savedPeriod, resetManual],
  );
  const budgetDirty = manual.formState.isDirty;
  const budgetValid = manual.formState.isValid;
  const saveBudget = useCallback(
    () =>
      manual.handleSubmit((values) =>
        run(trackerCalls.budget(id, values.budget, values.budgetPeriod), "Updating budget..."),
      )(),
    [manual, run, id],
  );

  // Lifetime budget form (core's schema: the amount, dd/MM/yyyy dates and their rules).
  const defaults = defaultLifetimeBudgetDates(calendar);
  const savedLifetime = tracker.lifetimeBudget ? formatBudgetAmount(tracker.lifetimeBudget) : "";
  const savedStart = formatDisplayDate(tracker.lifetimeBudgetDates?.startDate ?? defaults.startDate);
  const savedEnd = tracker.lifetimeBudgetDates
    ? tracker.lifetimeBudgetDates.endDate
      ? formatDisplayDate(tracker.lifetimeBudgetDates.endDate)
      : ""
    : formatDisplayDate(defaults.endDate);
  const lifetimeSchema = useMemo(() => lifetimeBudgetFormSchema(calendar), [calendar]);
  const lifetime = useForm({
    resolver: zodResolver(lifetimeSchema),
    defaultValues: { lifetimeBudget: savedLifetime, startDate: savedStart, endDate: savedEnd },
    mode: "onChange",
  });
  const resetLifetime = lifetime.reset;
  useEffect(
    () => resetLifetime({ lifetimeBudget: savedLifetime, startDate: savedStart, endDate: savedEnd }),
    [savedLifetime, savedStart, savedEnd, resetLifetime],
  );
  const lifetimeDirty = lifetime.formState.isDirty;
  const lifetimeValid = lifetime.formState.isValid;
  const lifetimeErrors = lifetime.formState.errors;
  const dateError = lifetimeErrors.startDate?.message ?? lifetimeErrors.endDate?.message;
  const saveLifetime = useCallback(
    () =>
      lifetime.handleSubmit((values) =>
        run(
          trackerCalls.lifetimeBudget(id, values.lifetimeBudget, values.lifetimeBudgetDates),
          "Updating lifetime budget...",
        ),
      )(),
    [lifetime, run, id],
  );

  useEffect(() => {
    const saves: (() => Promise<unknown>)[] = [];
    if (budgetDirty && budgetValid) saves.push(saveBudget);
    if (lifetimeDirty && lifetimeValid) saves.push(saveLifetime);
    setPending(
      "budget",
      saves.length
        ? {
            kind: "budget",
            save: async () => {
              for (const s of saves) await s();
            },
          }
        : null,
    );
  }, [budgetDirty, budgetValid, lifetimeDirty, lifetimeValid, saveBudget, saveLifetime, setPending]);
  useEffect(() => () => setPending("budget", null), [setPending]);

  const onNamePending = useCallback(
    (p: { save: () => Promise<unknown> } | null) =>
      setPending("name", p ? { kind: "trackerName", save: p.save } : null),
    [setPending],
  );
  const onClientPending = useCallback(
    (p: { save: () => Promise<unknown> } | null) =>
      setPending("client", p ? { kind: "trackerClient", save: p.save } : null),
    [setPending],
  );
  const onOverUnderPending = useCallback(
    (p: { save: () => Promise<unknown> } | null) =>
      setPending("overUnder", p ? { kind: "previousOverUnderSpend", save: p.save } : null),
    [setPending],
  );

  const options = {
    lastMonth: tracker.lastMonthOverUnderSpendIncludedInBudgetCalc,
    lastSixMonths: tracker.lastSixMonthsOverUnderSpendIncludedInBudgetCalc,
  };
  const previous = tracker.data?.previousOverUnderSpend ?? tracker.previousOverUnderSpend ?? 0;

  return (
    <div className="stack manage-preferences">
      <section className="settings-section" aria-labelledby="tracker-preferences">
        <h3 id="tracker-preferences" className="section-title">
          Preferences
        </h3>
        <div className="form-grid">
          <div className="field">
            <span className="field-label">Name</span>
            <InlineEdit
              label="Name"
              value={tracker.name}
              onSave={(text) =>
                text.trim() ? run(trackerCalls.name(id, text.trim()), "Updating name...") : undefined
              }
              onPendingChange={onNamePending}
            />
          </div>
          <div className="field">
            <span className="field-label">Client</span>
            <InlineEdit
              label="Client"
              value={tracker.client ?? ""}
              suggestions={clients}
              onSave={(text) => run(trackerCalls.client(id, text.trim()), "Updating client...")}
              onPendingChange={onClientPending}
            />
          </div>
          <SelectField
            label="Currency"
            value={currency}
            options={currencyOptions(currency)}
            onChange={(event) =>
              void run(trackerCalls.currency(id, event.target.value), "Updating currency...")
            }
          />
        </div>
      </section>

      <section className="settings-section" aria-labelledby="tracker-budget">
        <h3 id="tracker-budget" className="section-title">
          Budget Management
        </h3>
        <Toggle
          label="Automate Budget"
          checked={tracker.automatedBudget}
          disabled={noPlatformBudget && !tracker.automatedBudget}
          onChange={(on) => {
            if (on) void run(trackerCalls.automatedBudget(id, true), "Updating budget...");
            else setConfirmManual(true);
          }}
        />
        {noPlatformBudget && (
          <p className="muted">{`${source?.name || "This platform"} does not provide a budget: set it manually.`}</p>
        )}
        <dl className="budget-figures">
          <div>
            <dt>Monthly Budget</dt>
            <dd>{trackerFigure(tracker, "budget")}</dd>
          </div>
          <div>
            <dt>Daily Budget</dt>
            <dd>{trackerFigure(tracker, "dailyBudget")}</dd>
          </div>
        </dl>
        <div className="budget-row">
          <MoneyFieldControl
            control={manual.control}
            name="budget"
            label="Manual Budget"
            currency={currency}
          />
          <SelectField label="Budget period" options={PERIOD_OPTIONS} {...manual.register("budgetPeriod")} />
          <Button variant="primary" disabled={!budgetDirty || !budgetValid} onClick={() => void saveBudget()}>
            Update Budget
          </Button>
        </div>
        <Toggle
          label="Weekdays Only"
          checked={tracker.weekdaysOnly}
          onChange={(on) => void run(trackerCalls.weekdaysOnly(id, on), "Updating budget...")}
        />
        {!tracker.automatedBudget && (
          <div className="lifetime-block stack">
            <Toggle
              label="Use Lifetime Budget"
              checked={tracker.useLifetimeBudgetAsPrimary}
              onChange={(on) => void run(trackerCalls.lifetimePrimary(id, on), "Updating budget...")}
            />
            <div className="budget-row">
              <MoneyFieldControl
                control={lifetime.control}
                name="lifetimeBudget"
                label="Lifetime Budget"
                currency={currency}
              />
              <TextField
                label="Start Date"
                placeholder="dd/MM/yyyy"
                invalid={Boolean(lifetimeErrors.startDate)}
                {...lifetime.register("startDate")}
              />
              <TextField
                label="End Date"
                placeholder="dd/MM/yyyy"
                hint="Leave empty for no end date"
                invalid={Boolean(lifetimeErrors.endDate)}
                {...lifetime.register("endDate")}
              />
              <Button
                variant="primary"
                disabled={!lifetimeDirty || !lifetimeValid}
                onClick={() => void saveLifetime()}
              >
                Update Lifetime Budget
              </Button>
            </div>
            {dateError && (
              <p className="field-error" role="alert">
                {dateError}
              </p>
            )}
          </div>
        )}
      </section>

      <details className="settings-section advanced-settings">
        <summary className="section-title">Advanced Settings</summary>
        <div className="stack">
          <Toggle
            label="Include last month over/under spend"
            checked={options.lastMonth}
            onChange={(on) => void run(trackerCalls.includeLastMonth(id, on), "Updating budget...")}
          />
          <Toggle
            label="Include last six months over/under spend"
            checked={options.lastSixMonths}
            onChange={(on) => void run(trackerCalls.includeLastSixMonths(id, on), "Updating budget...")}
          />
          <div className="field">
            <span className="field-label">Previous over/under spend</span>
            <InlineEdit
              label="Previous over/under spend"
              value={formatBudgetAmount(previous)}
              display={formatBudgetAmount(previous, currency)}
              inputMode="decimal"
              onSave={(text) =>
                run(
                  trackerCalls.previousOverUnderSpend(id, parseAmountInput(text)),
                  "Updating over/under spend...",
                )
              }
              onPendingChange={onOverUnderPending}
            />
          </div>
        </div>
      </details>

      <ConfirmDialog
        open={confirmManual}
        title="Manually set the budget"
        message={MANUAL_BUDGET_QUESTION}
        confirmLabel="Continue"
        onCancel={() => setConfirmManual(false)}
        onConfirm={() => {
          setConfirmManual(false);
          void run(trackerCalls.automatedBudget(id, false), "Updating budget...");
        }}
      />
    </div>
  );
}
