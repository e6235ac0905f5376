import { zodResolver } from "@hookform/resolvers/zod";
import {
  ALERT_METRICS,
  type AlertForm,
  type AlertLevel,
  alertFormSchema,
  alertValueSuffix,
  alertValueUnit,
  canTargetAll,
  defaultAlertForm,
} from "@pacer/core/alerts";
import { useMemo, useState } from "react";
import { Controller, type FieldPath, useForm, useWatch } from "react-hook-form";
import { Button, IconButton } from "../../../components/ui/button";
import { Checkbox, RadioGroup, SelectField, TextField } from "../../../components/ui/field";
import { CloseIcon } from "../../../components/ui/icons";
import { Modal } from "../../../components/ui/modal";
import { PageLoader } from "../../../components/ui/spinner";
import { useAccountUsers } from "../../../lib/account-users";
import { type CurrentUser, isAdmin } from "../../../lib/auth";
import { showFormError } from "../../../lib/forms";
import { notify } from "../../../lib/notify";
import {
  type Alert,
  useAlertChannels,
  useCreateAlert,
  useEditAlert,
  useTargetPods,
  useTargetTrackers,
} from "../api/alerts";
import {
  BUDGET_OPTIONS,
  FIRE_WHEN_OPTIONS,
  LEVEL_OPTIONS,
  LEVEL_PLURAL,
  METRIC_OPTIONS,
  MONTH_DAY_OPTIONS,
  OPERATOR_OPTIONS,
  WEEKDAY_OPTIONS,
} from "./alert-options";

const MICROS = 1_000_000;

/** The form field of a server path: a target or recipient named by index shows on its list. */
function alertFieldOf(path: string): FieldPath<AlertForm> | undefined {
  if (path.startsWith("target")) return "target";
  if (path.startsWith("additionalRecipients")) return "additionalRecipients";
  return undefined;
}

/** The form shows money in currency units; the alert keeps micros (see AlertData in @pacer/core). */
function toDisplay(form: AlertForm): AlertForm {
  if (alertValueUnit(form.data.metric) !== "micros") return form;
  return { ...form, data: { ...form.data, value: form.data.value / MICROS } };
}
function toStored(form: AlertForm): AlertForm {
  if (alertValueUnit(form.data.metric) !== "micros") return form;
  return { ...form, data: { ...form.data, value: Math.round(form.data.value * MICROS) } };
}

export interface TargetChoice {
  id: string;
  name: string;
}

/** The target lists per level: tracker ids, client names, pod ids. */
export function useTargetChoices(user: CurrentUser, level: AlertLevel) {
  const trackers = useTargetTrackers(user.account._id, level !== "pod");
  const pods = useTargetPods(user.account._id, user._id, level === "pod");
  const choices = useMemo<TargetChoice[]>(() => {
    if (level === "pod") return (pods.data ?? []).map((p) => ({ id: p._id, name: p.name }));
    if (level === "client") {
      const names = new Set(
        (trackers.data ?? []).map((t) => t.client).filter((c): c is string => Boolean(c)),
      );
      return [...names].sort().map((name) => ({ id: name, name }));
    }
    return (trackers.data ?? []).map((t) => ({ id: t._id, name: t.name }));
  }, [level, trackers.data, pods.data]);
  return { choices, isLoading: level === "pod" ? pods.isLoading : trackers.isLoading };
}

/**
 * Create and edit an alert (spec pods-budgets-alerts-users-connections.md 2.10): name, level and
 * target, metric, operator, value (typed or a budget), frequency with its day, and additional
 * recipients. Viewers cannot target all trackers. Rules and defaults come from @pacer/core.
 */
export function AlertFormModal({
  user,
  alert,
  onClose,
}: {
  user: CurrentUser;
  alert?: Alert;
  onClose: () => void;
}) {
  const initial = useMemo(() => {
    if (alert) return toDisplay(alert);
    // A Viewer starts from chosen trackers: 'All Trackers' is not theirs to choose.
    const blank = defaultAlertForm();
    return canTargetAll(user.userType, blank.level)
      ? blank
      : { ...blank, target: { all: false as const, ids: [] } };
  }, [alert, user.userType]);
  const form = useForm<AlertForm>({
    resolver: zodResolver(alertFormSchema),
    defaultValues: initial,
    mode: "onTouched",
  });
  const create = useCreateAlert(user.account._id);
  const edit = useEditAlert(user.account._id);
  const users = useAccountUsers(user.account._id);
  // Alert channels (Slack, Teams, webhooks) are account-wide: Admins choose them.
  const admin = isAdmin(user);
  const channels = useAlertChannels(user.account._id, admin);
  const [name, level, target, metric, valueSet, fireWhen, recipients, channelIds] = useWatch({
    control: form.control,
    name: [
      "name",
      "level",
      "target",
      "data.metric",
      "data.valueSet",
      "fireWhen",
      "additionalRecipients",
      "channelIds",
    ],
  });
  const { choices, isLoading } = useTargetChoices(user, level);
  const allAllowed = canTargetAll(user.userType, level);
  const metricName = ALERT_METRICS.find((m) => m.id === metric)?.name ?? "";
  const money = alertValueUnit(metric) === "micros";
  const suffix = alertValueSuffix(metricName);
  const candidates = (users.data ?? []).filter(
    (u) => u._id !== user._id && !recipients.some((r) => r._id === u._id),
  );
  const [pick, setPick] = useState("");
  const errors = form.formState.errors;
  const saving = create.isPending || edit.isPending;

  const setLevel = (next: AlertLevel) => {
    form.setValue("level", next);
    form.setValue("target", canTargetAll(user.userType, next) ? { all: true } : { all: false, ids: [] });
  };
  const chosenIds = target.all ? [] : target.ids;
  const toggleTarget = (id: string) => {
    const ids = chosenIds.includes(id) ? chosenIds.filter((x) => x !== id) : [...chosenIds, id];
    form.setValue("target", { all: false, ids }, { shouldValidate: true });
  };

  // A refused target, recipient or value shows beside its part of the form, once.
  const onError = (error: unknown) => showFormError(form, error, { fields: alertFieldOf });
  const onSubmit = form.handleSubmit((values) => {
    const { channelIds: chosenChannels, ...rest } = toStored({
      ...values,
      data: { ...values.data, metricName },
    });
    // Others leave the alert's channels as they are (the server refuses a non-Admin's choice).
    // A channel removed since the alert chose it is dropped (the server refuses unknown channels).
    const known = channels.data;
    const kept = (chosenChannels ?? []).filter((id) => !known || known.some((c) => c._id === id));
    const stored = admin ? { ...rest, channelIds: kept } : rest;
    if (alert) {
      edit.mutate(
        { ...stored, _id: alert._id },
        {
          onSuccess: () => {
            notify.success("Alert Edited");
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(stored, {
        onSuccess: () => {
          notify.success("Alert Created");
          onClose();
        },
        onError,
      });
    }
  });
  const targetError =
    errors.target?.message ?? (errors.target as { ids?: { message?: string } } | undefined)?.ids?.message;

  return (
    <Modal
      open
      onClose={onClose}
      title={alert ? "Edit Alert" : "Create an Alert"}
      size="lg"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="submit"
            form="alert-form"
            variant="primary"
            disabled={name.trim() === ""}
            isLoading={saving}
          >
            {alert ? "UPDATE ALERT" : "CREATE ALERT"}
          </Button>
        </>
      }
    >
      <form id="alert-form" onSubmit={onSubmit} noValidate>
        <TextField label="Name" error={errors.name?.message} {...form.register("name")} />
        <div className="form-grid">
          <SelectField
            label="Level"
            options={LEVEL_OPTIONS}
            value={level}
            onChange={(e) => setLevel(e.target.value as AlertLevel)}
          />
          <SelectField
            label="Metric"
            options={METRIC_OPTIONS}
            hint={ALERT_METRICS.find((m) => m.id === metric)?.description}
            {...form.register("data.metric", {
              onChange: (event) => {
                const next = event.target.value as AlertForm["data"]["metric"];
                form.setValue("data.metricName", ALERT_METRICS.find((m) => m.id === next)?.name ?? "");
                if (alertValueUnit(next) !== "micros" && form.getValues("data.valueSet") === "budget") {
                  form.setValue("data.valueSet", "manual");
                  form.setValue("data.value", 0);
                }
              },
            })}
          />
        </div>
        <fieldset className="radio-group">
          <legend className="field-label">Target</legend>
          {allAllowed && (
            <Checkbox
              label={`All ${LEVEL_PLURAL[level]}`}
              checked={target.all}
              onChange={(e) =>
                form.setValue("target", e.target.checked ? { all: true } : { all: false, ids: [] }, {
                  shouldValidate: true,
                })
              }
            />
          )}
          {!target.all &&
            (isLoading ? (
              <PageLoader message={`Loading ${LEVEL_PLURAL[level]}...`} />
            ) : choices.length === 0 ? (
              <p className="muted">No {LEVEL_PLURAL[level]} found</p>
            ) : (
              <div className="stack" style={{ maxHeight: 180, overflow: "auto", gap: "0.3rem" }}>
                {choices.map((choice) => (
                  <Checkbox
                    key={choice.id}
                    label={choice.name}
                    checked={chosenIds.includes(choice.id)}
                    onChange={() => toggleTarget(choice.id)}
                  />
                ))}
              </div>
            ))}
          {targetError && <p className="field-error">{targetError}</p>}
        </fieldset>
        <div className="form-grid">
          <SelectField label="Operator" options={OPERATOR_OPTIONS} {...form.register("data.operator")} />
          <Controller
            control={form.control}
            name="data.valueSet"
            render={({ field }) => (
              <RadioGroup<"manual" | "budget">
                legend="Compare with"
                name="alert-value-set"
                inline
                value={field.value}
                onChange={(next) => {
                  field.onChange(next);
                  if (next === "manual") form.setValue("data.value", 0);
                }}
                options={
                  money
                    ? [
                        { value: "manual", label: "A value" },
                        { value: "budget", label: "A budget" },
                      ]
                    : [{ value: "manual", label: "A value" }]
                }
              />
            )}
          />
        </div>
        {valueSet === "budget" ? (
          <SelectField
            label="Budget"
            options={BUDGET_OPTIONS}
            error={errors.data?.valueBudget?.message}
            {...form.register("data.valueBudget")}
          />
        ) : (
          <TextField
            label={`Value${money ? ` (${user.account.currency ?? "GBP"})` : ""}`}
            type="number"
            step="any"
            inputMode="decimal"
            error={errors.data?.value ? "Enter a number" : undefined}
            end={suffix ? <span aria-hidden="true">{suffix}</span> : undefined}
            {...form.register("data.value", { valueAsNumber: true })}
          />
        )}
        <div className="form-grid">
          <SelectField
            label="Frequency"
            options={FIRE_WHEN_OPTIONS}
            {...form.register("fireWhen", { onChange: () => form.setValue("fireOn", 1) })}
          />
          {fireWhen !== "everyday" && (
            <Controller
              control={form.control}
              name="fireOn"
              render={({ field }) => (
                <SelectField
                  label={fireWhen === "weekly" ? "Day of the week" : "Day of the month"}
                  options={fireWhen === "weekly" ? WEEKDAY_OPTIONS : MONTH_DAY_OPTIONS}
                  value={String(field.value ?? 1)}
                  onChange={(e) => field.onChange(Number(e.target.value))}
                  error={errors.fireOn?.message}
                />
              )}
            />
          )}
        </div>
        <SelectField
          label="Additional recipients"
          placeholder="Add a recipient..."
          error={errors.additionalRecipients?.message}
          options={candidates.map((u) => ({ value: u._id, label: `${u.name || u.email} (${u.email})` }))}
          value={pick}
          onChange={(e) => {
            const chosen = candidates.find((u) => u._id === e.target.value);
            if (chosen)
              form.setValue("additionalRecipients", [
                ...recipients,
                { _id: chosen._id, name: chosen.name, email: chosen.email },
              ]);
            setPick("");
          }}
        />
        {admin && (channels.data ?? []).length > 0 && (
          <fieldset className="alert-channels">
            <legend>Also post to</legend>
            {(channels.data ?? []).map((c) => (
              <Checkbox
                key={c._id}
                label={c.name}
                checked={(channelIds ?? []).includes(c._id)}
                onChange={(e) =>
                  form.setValue(
                    "channelIds",
                    e.target.checked
                      ? [...(channelIds ?? []), c._id]
                      : (channelIds ?? []).filter((id) => id !== c._id),
                  )
                }
              />
            ))}
          </fieldset>
        )}
        {recipients.length > 0 && (
          <ul className="recipients" aria-label="Additional recipients">
            {recipients.map((r) => (
              <li key={r._id} className="chip">
                {r.name || r.email}
                <IconButton
                  size="sm"
                  label={`Remove ${r.name || r.email}`}
                  icon={<CloseIcon size={14} />}
                  onClick={() =>
                    form.setValue(
                      "additionalRecipients",
                      recipients.filter((x) => x._id !== r._id),
                    )
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </form>
    </Modal>
  );
}
