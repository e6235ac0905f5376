import { countLabel, DEFAULT_CURRENCY, parseAmountInput } from "@pacer/core/format";
import type { BudgetPeriod } from "@pacer/core/types";
import { checkTrackerAllowance } from "@pacer/core/validation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { Avatar } from "../../../components/ui/avatar";
import { Button, IconButton } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { EmptyState } from "../../../components/ui/empty-state";
import { FullScreenModal } from "../../../components/ui/full-screen-modal";
import { CloseIcon, DuplicateIcon, UndoIcon } from "../../../components/ui/icons";
import { currencySymbol } from "../../../components/ui/money-input";
import { SelectionTable } from "../../../components/ui/selection-table";
import { LoadingOverlay } from "../../../components/ui/spinner";
import { paths } from "../../../config/paths";
import { api } from "../../../lib/api-client";
import { type Integration, useIntegrations } from "../../../lib/integrations";
import { notify } from "../../../lib/notify";
import { channelName } from "../../../lib/platforms";
import { accountPrompt, type PlatformAccount, usePlatformAccounts } from "../api/accounts";
import { trackersQueryKey } from "../api/trackers";
import type { TrackerView } from "../types";
import { TrackerCountExceeded } from "./tracker-count-exceeded";

const STEPS = ["Select Connection", "Choose Accounts", "Preferences"] as const;

/** The texts of the wizard (spec trackers.md section 2, Create Tracker wizard). */
export const WIZARD_TEXTS = {
  noConnections: "You have no Connections",
  addConnection: "Add a Connection now",
  noAccounts: "No Accounts found in this connection.",
  loadingAccounts: "Loading Accounts...",
  accountsFailure:
    "Something went wrong here. Please try refreshing this connection and trying again, if the problem persists contact your account manager",
  platformBudget: "taken from the platform, click to manually change",
  creating: "Creating your new Trackers...",
} as const;

/** One tracker to create (spec section 3, new tracker draft). */
interface Draft {
  key: string;
  account: PlatformAccount;
  name: string;
  client: string;
  /** null: the budget is taken from the platform. */
  manual: { text: string; period: BudgetPeriod } | null;
}

/** A platform account in Choose Accounts, with the trackers that already track it (names). */
interface AccountRow extends PlatformAccount {
  trackedBy: readonly string[];
}

const ACCOUNT_COLUMNS: ColumnDef<AccountRow>[] = [
  { id: "id", header: "ID", accessorKey: "id" },
  { id: "name", header: "Name", accessorKey: "name" },
  {
    id: "trackedBy",
    header: "Tracked by",
    accessorFn: (a) => a.trackedBy.join(", "),
    cell: ({ row }) =>
      row.original.trackedBy.length > 0 ? `Already tracked by ${row.original.trackedBy.join(", ")}` : "",
  },
];
const accountId = (a: PlatformAccount) => a.id;
const accountName = (a: PlatformAccount) => a.name;
const accountSearch = (a: AccountRow) => `${a.id} ${a.name} ${a.trackedBy.join(" ")}`;
const isTracked = (a: AccountRow) => a.trackedBy.length > 0;
const NO_ACCOUNTS: readonly PlatformAccount[] = Object.freeze([]) as readonly PlatformAccount[];

/** The question before choosing accounts that trackers already track. */
function alreadyTrackedQuestion(tracked: readonly AccountRow[]): string {
  const list = tracked.map((a) => `${a.name} is already tracked by ${a.trackedBy.join(", ")}`).join("; ");
  return `${list}. Choose ${tracked.length === 1 ? "it" : "them"} anyway to create another tracker?`;
}

let draftCounter = 0;
const draftKey = () => `draft-${++draftCounter}`;

function integrationName(integration: Integration): string {
  return integration.name || channelName(integration.slug);
}

/** The create-trackers payload of one draft (the schema's fields only; money in micros). */
function payloadOf(draft: Draft, integration: Integration) {
  const { account } = draft;
  return {
    name: draft.name.trim() || account.name,
    client: draft.client.trim(),
    ...(draft.manual
      ? {
          manualBudgetValue: Math.max(0, parseAmountInput(draft.manual.text)),
          budgetPeriod: draft.manual.period,
        }
      : { budgetPeriod: "month" as const }),
    ...(account.currency ? { currency: account.currency } : {}),
    ...(account.timeZone ? { timeZone: account.timeZone } : {}),
    dataSource: {
      integration: {
        name: integrationName(integration),
        slug: integration.slug,
        email: integration.email ?? "",
        ...(integration.avatar ? { avatar: integration.avatar } : {}),
        ...(integration.metaData ? { metaData: integration.metaData } : {}),
      },
      view: {
        id: account.id,
        name: account.name,
        ...(account.metaData ? { metaData: account.metaData } : {}),
      },
    },
  };
}

/**
 * Create Tracker(s) (spec trackers.md section 2): 1 Select Connection (tiles sorted by name),
 * 2 Choose Accounts (searchable, already-tracked accounts dimmed and last, the allowance checks),
 * 3 Preferences (Duplicate, Chosen Account, Name, Client, Budget, Remove; a manual budget per day or
 * per month, or the platform's), then CREATE: 'Creating your new Trackers...', 'Tracker Created' or
 * 'Trackers Created', reset and close. Over the allowance at create time, the exceeded-count screen.
 */
export function CreateTrackerWizard({
  accountId: account,
  trackerAllowance,
  trackers,
  onClose,
}: {
  accountId: string;
  trackerAllowance: number;
  trackers: readonly TrackerView[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const integrations = useIntegrations();
  const [step, setStep] = useState(0);
  const [integration, setIntegration] = useState<Integration | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set());
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [exceeded, setExceeded] = useState(false);
  const accounts = usePlatformAccounts(integration);
  const accountList = accounts.data ?? NO_ACCOUNTS;
  const existing = trackers.length;

  const sorted = useMemo(
    () => [...(integrations.data ?? [])].sort((a, b) => integrationName(a).localeCompare(integrationName(b))),
    [integrations.data],
  );
  // The names of the trackers already on each account of this connection (trackers.md 2: such
  // accounts are dimmed, listed last and, here, labelled with their trackers).
  const rows = useMemo<AccountRow[]>(() => {
    const names = new Map<string, string[]>();
    if (integration)
      for (const t of trackers) {
        const i = t.dataSource?.integration;
        if (i?.slug !== integration.slug || (i.email && integration.email && i.email !== integration.email))
          continue;
        const id = t.dataSource.view.id;
        names.set(id, [...(names.get(id) ?? []), t.name]);
      }
    return accountList.map((a) => ({ ...a, trackedBy: names.get(a.id) ?? [] }));
  }, [trackers, integration, accountList]);
  /** A pick that includes tracked accounts, waiting for the user's confirmation. */
  const [pending, setPending] = useState<{ ids: string[]; tracked: AccountRow[] } | null>(null);

  const create = useMutation({
    mutationFn: (list: Draft[]) =>
      api.post<{ trackers?: TrackerView[] }>("/api/trackers/create-trackers", {
        trackers: list.map((d) => payloadOf(d, integration as Integration)),
      }),
    onSuccess: async (_answer, list) => {
      notify.success(list.length === 1 ? "Tracker Created" : "Trackers Created");
      await queryClient.invalidateQueries({ queryKey: trackersQueryKey(account) });
      onClose();
    },
    onError: (error) => console.warn("Creating trackers failed", error),
  });

  const chooseIntegration = (next: Integration) => {
    if (integration?.slug !== next.slug || integration?.email !== next.email) {
      setChosen(new Set());
      setDrafts([]);
    }
    setIntegration(next);
    setMessage(null);
    setStep(1);
  };

  const onSelect = (ids: string[], select: boolean) => {
    const trackedPicks = select
      ? rows.filter((a) => ids.includes(a.id) && isTracked(a) && !chosen.has(a.id))
      : [];
    if (trackedPicks.length > 0) {
      setPending({ ids, tracked: trackedPicks });
      return;
    }
    choose(ids, select);
  };

  const choose = (ids: string[], select: boolean) => {
    if (!select) {
      setChosen((s) => {
        const next = new Set(s);
        for (const id of ids) next.delete(id);
        return next;
      });
      setMessage(null);
      return;
    }
    const adding = ids.filter((id) => !chosen.has(id));
    const check = checkTrackerAllowance(
      existing,
      chosen.size + adding.length,
      trackerAllowance,
      ids.length > 1,
    );
    if (!check.ok) {
      setMessage(check.message);
      return;
    }
    setMessage(null);
    setChosen((s) => new Set([...s, ...adding]));
  };

  const toPreferences = () => {
    const keep = drafts.filter((d) => chosen.has(d.account.id));
    const have = new Set(keep.map((d) => d.account.id));
    const added = accountList
      .filter((a) => chosen.has(a.id) && !have.has(a.id))
      .map(
        (a): Draft => ({
          key: draftKey(),
          account: a,
          name: a.name,
          client: "",
          // A platform that gives no budget: the budget is entered by hand from the start.
          manual: integration?.budgetFromPlatform === false ? { text: "", period: "month" } : null,
        }),
      );
    setDrafts([...keep, ...added]);
    setStep(2);
  };

  const patch = (key: string, change: Partial<Draft>) =>
    setDrafts((list) => list.map((d) => (d.key === key ? { ...d, ...change } : d)));
  const duplicate = (draft: Draft) => {
    const check = checkTrackerAllowance(existing, drafts.length + 1, trackerAllowance);
    if (!check.ok) {
      setMessage(check.message);
      return;
    }
    setDrafts((list) => {
      const i = list.findIndex((d) => d.key === draft.key);
      const copy = { ...draft, key: draftKey() };
      return [...list.slice(0, i + 1), copy, ...list.slice(i + 1)];
    });
  };
  const removeDraft = (draft: Draft) => {
    const rest = drafts.filter((d) => d.key !== draft.key);
    setDrafts(rest);
    if (!rest.some((d) => d.account.id === draft.account.id))
      setChosen((s) => {
        const next = new Set(s);
        next.delete(draft.account.id);
        return next;
      });
  };

  const submit = () => {
    if (existing + drafts.length > trackerAllowance) {
      setExceeded(true);
      return;
    }
    create.mutate(drafts);
  };

  const name = integration ? integrationName(integration) : "";
  const footer =
    step === 1 && chosen.size > 0 ? (
      <Button variant="primary" onClick={toPreferences}>
        PROCEED
      </Button>
    ) : step === 2 && !exceeded ? (
      <Button variant="primary" onClick={submit} disabled={drafts.length === 0} isLoading={create.isPending}>
        CREATE
      </Button>
    ) : undefined;

  return (
    <FullScreenModal
      open
      onClose={onClose}
      title="Add Tracker(s)"
      steps={STEPS}
      step={step}
      onStepChange={(i) => {
        if (i === 2) toPreferences();
        else setStep(i);
      }}
      canOpenStep={(i) => i === 0 || (i === 1 && integration !== null) || (i === 2 && chosen.size > 0)}
      footer={footer}
    >
      {create.isPending && <LoadingOverlay message={WIZARD_TEXTS.creating} fullScreen />}
      {exceeded ? (
        <TrackerCountExceeded
          accountId={account}
          trackerCount={existing + drafts.length}
          trackerAllowance={trackerAllowance}
        />
      ) : (
        <>
          {step === 0 && (
            <section className="stack wizard-step" aria-labelledby="tw-step-1">
              <h3 id="tw-step-1">Select Connection</h3>
              {integrations.isPending ? (
                <p className="muted">Loading...</p>
              ) : sorted.length === 0 ? (
                <EmptyState
                  title={WIZARD_TEXTS.noConnections}
                  action={
                    <Link className="btn btn-primary btn-md" to={paths.connections}>
                      {WIZARD_TEXTS.addConnection}
                    </Link>
                  }
                />
              ) : (
                <ul className="tiles connection-tiles">
                  {sorted.map((i) => {
                    const active = integration?.slug === i.slug && integration?.email === i.email;
                    return (
                      <li key={`${i.slug}:${i.email}`}>
                        <button
                          type="button"
                          className={`tile connection-tile ${active ? "tile-active" : ""}`}
                          aria-pressed={active}
                          onClick={() => chooseIntegration(i)}
                        >
                          <Avatar src={i.avatar} name={integrationName(i)} size={40} />
                          <span className="tile-name">{integrationName(i)}</span>
                          <span className="tile-email">{i.email}</span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              )}
            </section>
          )}
          {step === 1 && integration && (
            <section className="stack wizard-step" aria-labelledby="tw-step-2">
              <h3 id="tw-step-2">{accountPrompt(integration.slug, name)}</h3>
              {message && (
                <p className="field-error" role="alert">
                  {message}
                </p>
              )}
              {accounts.isError ? (
                <p className="table-failure" role="alert">
                  {WIZARD_TEXTS.accountsFailure}
                </p>
              ) : (
                <SelectionTable
                  items={rows}
                  getId={accountId}
                  getName={accountName}
                  columns={ACCOUNT_COLUMNS}
                  selected={chosen}
                  onChange={onSelect}
                  caption={`${name} accounts`}
                  emptyText={WIZARD_TEXTS.noAccounts}
                  searchPlaceholder="Search Accounts"
                  searchText={accountSearch}
                  isDimmed={isTracked}
                  isLoading={accounts.isPending}
                  loadingText={WIZARD_TEXTS.loadingAccounts}
                  selectAllLabel="Select all accounts"
                  summary={
                    <p aria-live="polite">
                      You have selected {chosen.size} {name} accounts
                    </p>
                  }
                />
              )}
              <ConfirmDialog
                open={pending !== null}
                title="Track an account again?"
                message={pending ? alreadyTrackedQuestion(pending.tracked) : ""}
                confirmLabel="Choose anyway"
                onCancel={() => setPending(null)}
                onConfirm={() => {
                  if (pending) choose(pending.ids, true);
                  setPending(null);
                }}
              />
            </section>
          )}
          {step === 2 && integration && (
            <section className="stack wizard-step" aria-labelledby="tw-step-3">
              <h3 id="tw-step-3">Preferences</h3>
              {message && (
                <p className="field-error" role="alert">
                  {message}
                </p>
              )}
              <p className="muted">{countLabel(drafts.length, "tracker")} to create</p>
              <div className="table-scroll">
                <table className="table draft-table">
                  <caption className="sr-only">New trackers</caption>
                  <thead>
                    <tr>
                      <th scope="col">Duplicate</th>
                      <th scope="col">Chosen Account</th>
                      <th scope="col">Name</th>
                      <th scope="col">Client</th>
                      <th scope="col">Budget</th>
                      <th scope="col">Remove</th>
                    </tr>
                  </thead>
                  <tbody>
                    {drafts.map((d, index) => (
                      <DraftRow
                        key={d.key}
                        draft={d}
                        index={index}
                        budgetFromPlatform={integration?.budgetFromPlatform !== false}
                        onPatch={(change) => patch(d.key, change)}
                        onDuplicate={() => duplicate(d)}
                        onRemove={() => removeDraft(d)}
                      />
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          )}
        </>
      )}
    </FullScreenModal>
  );
}

function DraftRow({
  draft,
  index,
  budgetFromPlatform,
  onPatch,
  onDuplicate,
  onRemove,
}: {
  draft: Draft;
  index: number;
  /** False: the platform gives no budget, so there is no reset to it. */
  budgetFromPlatform: boolean;
  onPatch: (change: Partial<Draft>) => void;
  onDuplicate: () => void;
  onRemove: () => void;
}) {
  const row = index + 1;
  const currency = draft.account.currency ?? DEFAULT_CURRENCY;
  return (
    <tr>
      <td>
        <IconButton
          label={`Duplicate row ${row}`}
          icon={<DuplicateIcon size={16} />}
          size="sm"
          onClick={onDuplicate}
        />
      </td>
      <td>
        <strong>{draft.account.name}</strong>
        <br />
        <span className="muted">{draft.account.id}</span>
      </td>
      <td>
        <input
          className="input"
          aria-label={`Name of tracker ${row}`}
          value={draft.name}
          onChange={(event) => onPatch({ name: event.target.value })}
        />
      </td>
      <td>
        <input
          className="input"
          aria-label={`Client of tracker ${row}`}
          value={draft.client}
          onChange={(event) => onPatch({ client: event.target.value })}
        />
      </td>
      <td>
        {draft.manual ? (
          <span className="input-group draft-budget">
            <span aria-hidden="true">{currencySymbol(currency)}</span>
            <input
              className="input"
              inputMode="decimal"
              aria-label={`Budget of tracker ${row}`}
              value={draft.manual.text}
              onChange={(event) =>
                onPatch({ manual: { text: event.target.value, period: draft.manual?.period ?? "month" } })
              }
            />
            <select
              className="input select"
              aria-label={`Budget period of tracker ${row}`}
              value={draft.manual.period}
              onChange={(event) =>
                onPatch({
                  manual: { text: draft.manual?.text ?? "", period: event.target.value as BudgetPeriod },
                })
              }
            >
              <option value="day">per Day</option>
              <option value="month">per Month</option>
            </select>
            {budgetFromPlatform && (
              <IconButton
                label={`Reset tracker ${row} to the platform budget`}
                icon={<UndoIcon size={16} />}
                size="sm"
                onClick={() => onPatch({ manual: null })}
              />
            )}
          </span>
        ) : (
          <button
            type="button"
            className="cell-edit"
            onClick={() => onPatch({ manual: { text: "", period: "month" } })}
          >
            {WIZARD_TEXTS.platformBudget}
          </button>
        )}
      </td>
      <td>
        <IconButton
          label={`Remove tracker ${row}`}
          icon={<CloseIcon size={16} />}
          size="sm"
          onClick={onRemove}
        />
      </td>
    </tr>
  );
}
