import { zodResolver } from "@hookform/resolvers/zod";
import { type AutopilotSettings, autopilotSettingsSchema } from "@pacer/core/autopilot";
import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { Button } from "../../../../components/ui/button";
import { EmptyState } from "../../../../components/ui/empty-state";
import { Checkbox, SelectField, TextField, Toggle } from "../../../../components/ui/field";
import { PageLoader } from "../../../../components/ui/spinner";
import { paths } from "../../../../config/paths";
import { useAccountUsers } from "../../../../lib/account-users";
import type { TrackerDetail } from "../../../../lib/tracker-types";
import {
  type AutopilotActionView,
  reconnectWithWriteScopes,
  useAutopilot,
  useAutopilotActions,
  useAutopilotCall,
  useAutopilotSwitch,
  useProposalChannels,
  useSaveAutopilot,
  writeScopeNeeded,
} from "../../api/autopilot";
import { AutopilotActionList } from "./autopilot-actions";

const MODE_OPTIONS = [
  { value: "suggest", label: "Suggest (list the changes to apply)" },
  { value: "apply", label: "Apply (make the changes)" },
] as const;
const NO_ACTIONS: AutopilotActionView[] = [];

/** Checkboxes choosing ids from a list. */
function ChoiceList({
  choices,
  value,
  onChange,
}: {
  choices: ReadonlyArray<{ id: string; label: string }>;
  value: readonly string[];
  onChange: (next: string[]) => void;
}) {
  return (
    <>
      {choices.map((c) => (
        <Checkbox
          key={c.id}
          label={c.label}
          checked={value.includes(c.id)}
          onChange={(e) =>
            onChange(e.currentTarget.checked ? [...value, c.id] : value.filter((id) => id !== c.id))
          }
        />
      ))}
    </>
  );
}

/**
 * The AutoPilot tab of Manage Tracker (beyond the spec; Admins and Managers): off by default.
 * Pause at budget (remaining share, forecast margin) and Cruise (change cap, band); Suggest lists each
 * proposed change with Apply / Dismiss, Apply makes them. Shows when the platform cannot take writes,
 * when the account switch is off (an Admin switches it here), and the last change the platform
 * refused: a refusal for lack of the write permission shows 'Needs permission' with the way to
 * reconnect.
 */
export function AutopilotTab({
  tracker,
  accountId = "",
  canSwitchAccount = false,
}: {
  tracker: TrackerDetail;
  /** The account: its Admins and the Managers attached to the tracker may receive proposals by e-mail. */
  accountId?: string;
  /** An Admin: the account-wide switch is shown as a toggle (others see only when it is off). */
  canSwitchAccount?: boolean;
}) {
  const view = useAutopilot(tracker._id);
  const actions = useAutopilotActions(tracker._id).data ?? NO_ACTIONS;
  const save = useSaveAutopilot(tracker._id);
  const call = useAutopilotCall(tracker._id);
  const accountSwitch = useAutopilotSwitch();
  const form = useForm<AutopilotSettings>({ resolver: zodResolver(autopilotSettingsSchema) });
  const settings = view.data?.settings;
  const users = useAccountUsers(accountId);
  const channels = useProposalChannels(canSwitchAccount).data ?? [];
  // Who may be e-mailed proposals: Admins, and Managers attached to the tracker (the server checks
  // again, pods included, at set-up and at every send).
  const attached = new Set((tracker.associatedUsers ?? []).map((u) => u._id));
  const recipients = (accountId ? (users.data ?? []) : []).filter(
    (u) => u.userType === "Admin" || (u.userType === "Manager" && attached.has(u._id)),
  );
  useEffect(() => {
    if (settings) form.reset(settings);
  }, [settings, form]);

  if (view.isPending) return <PageLoader message="Loading AutoPilot..." />;
  if (!view.data) return <p className="table-failure">Something went wrong, please try again</p>;
  const { supported, accountSwitchOn, lastFailure } = view.data;
  const slug = tracker.dataSource?.integration?.slug ?? "";
  // Apply refused (409) or stopped after a refresh: the connection lacks the write scopes.
  const scopeNeeded =
    writeScopeNeeded(save.error) ??
    writeScopeNeeded(call.error) ??
    (lastFailure?.code === "write_scope_needed" ? { platformName: "" } : undefined);
  const proposals = actions.filter((a) => a.status === "proposed");
  const errors = form.formState.errors;
  const number = (name: Parameters<typeof form.register>[0], label: string, hint: string) => (
    <TextField
      label={label}
      hint={hint}
      type="number"
      step="any"
      error={
        (
          name
            .split(".")
            .reduce<unknown>((e, k) => (e as Record<string, unknown> | undefined)?.[k], errors) as
            | { message?: string }
            | undefined
        )?.message
      }
      {...form.register(name, { valueAsNumber: true })}
    />
  );

  return (
    <div className="autopilot-tab stack">
      {!supported && (
        <p className="status-text-warning">
          AutoPilot cannot change campaigns on this tracker's platform yet.
        </p>
      )}
      {canSwitchAccount ? (
        <Toggle
          label="AutoPilot for the whole account"
          checked={accountSwitchOn}
          disabled={accountSwitch.isPending}
          onChange={(on: boolean) => accountSwitch.mutate(on)}
        />
      ) : null}
      {!accountSwitchOn && (
        <p className="status-text-warning">AutoPilot is switched off for the whole account.</p>
      )}
      {scopeNeeded ? (
        <p className="status-text-danger" role="alert">
          {scopeNeeded.platformName
            ? `Pacer needs permission to change campaigns on ${scopeNeeded.platformName}.`
            : lastFailure?.message}{" "}
          Reconnect and allow Pacer to manage campaigns; nothing was changed.{" "}
          <Button size="sm" onClick={() => void reconnectWithWriteScopes(slug)}>
            Reconnect
          </Button>
        </p>
      ) : lastFailure?.code === "insufficient_scope" ? (
        <p className="status-text-danger" role="alert">
          Needs permission: this connection may read but not change campaigns. Reconnect it and grant the
          permission to manage campaigns. <a href={paths.connections}>Reconnect</a>
        </p>
      ) : (
        lastFailure && (
          <p className="status-text-danger" role="alert">
            The platform refused the last change: {lastFailure.message}
          </p>
        )
      )}
      <form
        className="stack"
        onSubmit={form.handleSubmit((values) => save.mutate(values))}
        aria-label="AutoPilot settings"
      >
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <Toggle label="AutoPilot" checked={Boolean(field.value)} onChange={field.onChange} />
          )}
        />
        <SelectField label="Mode" options={MODE_OPTIONS} {...form.register("mode")} />
        <fieldset className="stack">
          <Controller
            control={form.control}
            name="pauseAtBudget.enabled"
            render={({ field }) => (
              <Toggle label="Pause at budget" checked={Boolean(field.value)} onChange={field.onChange} />
            )}
          />
          {number(
            "pauseAtBudget.remainingSharePercent",
            "Pause when under (% of the budget left)",
            "Default 2%",
          )}
          <Controller
            control={form.control}
            name="pauseAtBudget.useForecast"
            render={({ field }) => (
              <Toggle
                label="Also pause when the forecast runs out early (pauses to the next month)"
                checked={Boolean(field.value)}
                onChange={field.onChange}
              />
            )}
          />
          {number("pauseAtBudget.forecastMarginDays", "Forecast margin (days early)", "Default 1 day")}
        </fieldset>
        <fieldset className="stack">
          <Controller
            control={form.control}
            name="cruise.enabled"
            render={({ field }) => (
              <Toggle label="Cruise" checked={Boolean(field.value)} onChange={field.onChange} />
            )}
          />
          {number("cruise.maxChangePercent", "Largest daily budget change (%)", "Default 30%")}
          {number("cruise.bandPercent", "After a refresh, act beyond a drift of (%)", "Default 10%")}
        </fieldset>
        {recipients.length + channels.length > 0 && (
          <fieldset className="stack">
            <legend className="field-label">Send proposals to (once per new proposal)</legend>
            <Controller
              control={form.control}
              name="sendProposalsTo.userIds"
              render={({ field }) => (
                <ChoiceList
                  choices={recipients.map((u) => ({
                    id: u._id,
                    label: `${u.name || u.email} (${u.userType})`,
                  }))}
                  value={field.value ?? []}
                  onChange={field.onChange}
                />
              )}
            />
            {channels.length > 0 && (
              <Controller
                control={form.control}
                name="sendProposalsTo.channelIds"
                render={({ field }) => (
                  <ChoiceList
                    choices={channels.map((c) => ({
                      id: c._id,
                      label: `${c.name} (${c.kind}: names the tracker and links to it, no figures)`,
                    }))}
                    value={field.value ?? []}
                    onChange={field.onChange}
                  />
                )}
              />
            )}
          </fieldset>
        )}
        <div className="row">
          <Button type="submit" variant="primary" isLoading={save.isPending}>
            Save AutoPilot
          </Button>
          <Button
            disabled={!supported || !settings?.enabled}
            isLoading={call.isPending && call.variables?.verb === "run"}
            onClick={() => call.mutate({ verb: "run" })}
          >
            Check now
          </Button>
        </div>
      </form>
      <section aria-label="AutoPilot proposals" className="stack">
        <h3 className="field-label">Proposed changes</h3>
        {proposals.length === 0 ? (
          <EmptyState title="No changes proposed" />
        ) : (
          <AutopilotActionList
            label="Proposed changes"
            actions={proposals}
            currency={tracker.currency}
            busy={call.isPending}
            onApply={(actionId) => call.mutate({ verb: "apply", actionId })}
            onDismiss={(actionId) => call.mutate({ verb: "dismiss", actionId })}
          />
        )}
      </section>
    </div>
  );
}
