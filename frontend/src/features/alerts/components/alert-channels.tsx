import { zodResolver } from "@hookform/resolvers/zod";
import { type AlertChannelForm, alertChannelFormSchema } from "@pacer/core/alerts";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { DataTable } from "../../../components/ui/data-table";
import { SelectField, TextField } from "../../../components/ui/field";
import { optionsColumn } from "../../../components/ui/options-column";
import { showFormError } from "../../../lib/forms";
import { notify } from "../../../lib/notify";
import {
  type AlertChannel,
  useAlertChannels,
  useCreateAlertChannel,
  useRemoveAlertChannel,
  useSlackInstall,
  useTestAlertChannel,
} from "../api/alerts";
import { CHANNEL_LABELS } from "./alert-history";

/**
 * The Alerts page's 'Alert channels' section (Admins only): the account's Slack, Microsoft Teams and
 * webhook channels with their state, a form to add one (or 'Add to Slack': the Slack app's install,
 * where the user picks the Slack channel), and per channel 'Send test' and 'Delete'.
 * A webhook's signing secret is shown once, right after it is created.
 */

const KIND_OPTIONS = [
  { value: "slack", label: "Slack (incoming webhook URL)" },
  { value: "teams", label: "Microsoft Teams (Workflows webhook URL)" },
  { value: "webhook", label: "Webhook (signed JSON)" },
];
const SINCE = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });
const EMPTY: AlertChannel[] = [];

interface ChannelsMeta {
  onTest: (channel: AlertChannel) => void;
  onDelete: (channel: AlertChannel) => void;
}

const COLUMNS: ColumnDef<AlertChannel>[] = [
  { id: "name", header: "Name", accessorKey: "name" },
  { id: "kind", header: "Kind", accessorFn: (c) => CHANNEL_LABELS[c.kind] ?? c.kind },
  { id: "url", header: "URL", accessorKey: "url" },
  {
    id: "state",
    header: "State",
    accessorFn: (c) =>
      c.failingSince
        ? `Failing since ${SINCE.format(new Date(c.failingSince))}${c.lastFailure ? ` (${c.lastFailure})` : ""}`
        : "Working",
  },
  optionsColumn<AlertChannel, ChannelsMeta>(
    (channel) => `Options for ${channel.name}`,
    (channel, meta) => [
      { label: "Send test", onSelect: () => meta.onTest(channel) },
      { label: "Delete channel", danger: true, onSelect: () => meta.onDelete(channel) },
    ],
  ),
];

export function AlertChannels({ accountId }: { accountId: string }) {
  const channels = useAlertChannels(accountId, true);
  const create = useCreateAlertChannel(accountId);
  const remove = useRemoveAlertChannel(accountId);
  const test = useTestAlertChannel();
  const slackInstall = useSlackInstall();
  const [deleting, setDeleting] = useState<AlertChannel | null>(null);
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  const form = useForm<AlertChannelForm>({
    resolver: zodResolver(alertChannelFormSchema),
    defaultValues: { kind: "slack", name: "", url: "" },
    mode: "onTouched",
  });
  const errors = form.formState.errors;
  const meta = useMemo<ChannelsMeta>(
    () => ({
      onDelete: setDeleting,
      onTest: (channel) =>
        test.mutate(channel, {
          onSuccess: (answer) => (answer.ok ? notify.success(answer.msg) : notify.danger(answer.msg)),
        }),
    }),
    [test.mutate],
  );
  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (answer) => {
        notify.success(answer.msg);
        setSecret(answer.secret ? { name: answer.channel.name, value: answer.secret } : null);
        form.reset({ kind: values.kind, name: "", url: "" });
      },
      onError: (error) => showFormError(form, error),
    }),
  );

  return (
    <section aria-labelledby="alert-channels-title" className="page-section">
      <h2 id="alert-channels-title">Alert channels</h2>
      <p>
        Alerts can also post to Slack, Microsoft Teams or a webhook of yours. Each alert chooses its channels;
        a channel is told what the alert's creator may see.
      </p>
      <DataTable
        caption="Alert channels"
        columns={COLUMNS}
        data={channels.data ?? EMPTY}
        getRowId={(c) => c._id}
        emptyText="No alert channels yet"
        isLoading={channels.isLoading}
        meta={meta}
      />
      <form
        aria-label="Add an alert channel"
        className="toolbar"
        style={{ display: "flex", gap: "1rem", flexWrap: "wrap", alignItems: "flex-end" }}
        onSubmit={onSubmit}
        noValidate
      >
        <SelectField label="Channel kind" options={KIND_OPTIONS} {...form.register("kind")} />
        <TextField label="Channel name" error={errors.name?.message} {...form.register("name")} />
        <TextField
          label="Channel URL"
          placeholder="https://hooks.slack.com/services/..."
          error={errors.url?.message}
          {...form.register("url")}
        />
        <Button type="submit" variant="primary" isLoading={create.isPending}>
          Add channel
        </Button>
        <Button type="button" isLoading={slackInstall.isPending} onClick={() => slackInstall.mutate()}>
          Add to Slack
        </Button>
      </form>
      {secret && (
        <div role="status" className="notice">
          <p>
            Signing secret of <strong>{secret.name}</strong>. Copy it now: it is not shown again. Verify each
            delivery's <code>X-Pacer-Signature</code> with it.
          </p>
          <code data-testid="webhook-secret">{secret.value}</code>{" "}
          <Button size="sm" onClick={() => setSecret(null)}>
            Done
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        message={`Are you sure you want to delete the channel ${deleting?.name ?? ""}? Alerts stop posting to it.`}
        confirmLabel="Delete"
        danger
        isLoading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: (answer) => {
              notify.success(answer.msg);
              setDeleting(null);
            },
          })
        }
      />
    </section>
  );
}
