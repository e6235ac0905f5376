import { zodResolver } from "@hookform/resolvers/zod";
import { countLabel, DEFAULT_CURRENCY } from "@pacer/core/format";
import { budgetAmountInputSchema, checkTrackerAllowance } from "@pacer/core/validation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { type UseFormReturn, useFieldArray, useForm, useWatch } from "react-hook-form";
import { Link } from "react-router-dom";
import { z } from "zod";
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
import type { TrackerView } from "../../../lib/tracker-types";
import { accountPrompt, type PlatformAccount, usePlatformAccounts } from "../api/accounts";
import { trackersQueryKey } from "../api/trackers";
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

/**
 * The Preferences step's form (spec section 3, new tracker drafts): per draft the chosen account,
 * name, client and a manual budget (core's amount rule: a number of 0 or more, so 'abc' is refused)
 * or null when the budget is taken from the platform.
 */
const DraftsSchema = z.object({
  drafts: z.array(
    z.object({
      account: z.custom<PlatformAccount>((value) => typeof value === "object" && value !== null),
      name: z.string(),
      client: z.string(),
      manual: z.object({ budget: budgetAmountInputSchema, period: z.enum(["day", "month"]) }).nullable(),
    }),
  ),
});
/** A draft as typed (the budget as text). */
type Draft = z.input<typeof DraftsSchema>["drafts"][number];
/** A draft as checked (the budget in micros). */
type CheckedDraft = z.output<typeof DraftsSchema>["drafts"][number];

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

function integrationName(integration: Integration): string {
  return integration.name || channelName(integration.slug);
}

/** The create-trackers payload of one draft (the schema's fields only; money in micros). */
function payloadOf(draft: CheckedDraft, integration: Integration) {
  const { account } = draft;
  return {
    name: draft.name.trim() || account.name,
    client: draft.client.trim(),
    ...(draft.manual
      ? {
          manualBudgetValue: draft.manual.budget,
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
      // The view whole, as the listing answered it (functions/README.md: later calls need it).
      view: account,
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
  const form = useForm({
    resolver: zodResolver(DraftsSchema),
    defaultValues: { drafts: [] },
    mode: "onChange",
  });
  const { fields, insert, remove, replace } = useFieldArray({ control: form.control, name: "drafts" });
  const drafts = useWatch({ control: form.control, name: "drafts" });
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
    mutationFn: (list: CheckedDraft[]) =>
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
      replace([]);
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
    const keep = form.getValues("drafts").filter((d) => chosen.has(d.account.id));
    const have = new Set(keep.map((d) => d.account.id));
    const added = accountList
      .filter((a) => chosen.has(a.id) && !have.has(a.id))
      .map(
        (a): Draft => ({
          account: a,
          name: a.name,
          client: "",
          // A platform that gives no budget: the budget is entered by hand from the start.
          manual: integration?.budgetFromPlatform === false ? { budget: "", period: "month" } : null,
        }),
      );
    replace([...keep, ...added]);
    setStep(2);
  };

  const duplicate = (index: number) => {
    const check = checkTrackerAllowance(existing, drafts.length + 1, trackerAllowance);
    if (!check.ok) {
      setMessage(check.message);
      return;
    }
    insert(index + 1, { ...form.getValues(`drafts.${index}`) });
  };
  const removeDraft = (index: number) => {
    const gone = form.getValues(`drafts.${index}.account.id`);
    remove(index);
    if (!form.getValues("drafts").some((d) => d.account.id === gone))
      setChosen((s) => {
        const next = new Set(s);
        next.delete(gone);
        return next;
      });
  };

  const submit = form.handleSubmit((values) => {
    if (existing + values.drafts.length > trackerAllowance) {
      setExceeded(true);
      return;
    }
    create.mutate(values.drafts);
  });

  const name = integration ? integrationName(integration) : "";
  const footer =
    step === 1 && chosen.size > 0 ? (
      <Button variant="primary" onClick={toPreferences}>
        PROCEED
      </Button>
    ) : step === 2 && !exceeded ? (
      <Button
        variant="primary"
        onClick={() => void submit()}
        disabled={drafts.length === 0 || !form.formState.isValid}
        isLoading={create.isPending}
      >
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
                    {fields.map((field, index) => (
                      <DraftRow
                        key={field.id}
                        form={form}
                        index={index}
                        budgetFromPlatform={integration?.budgetFromPlatform !== false}
                        onDuplicate={() => duplicate(index)}
                        onRemove={() => removeDraft(index)}
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
  form,
  index,
  budgetFromPlatform,
  onDuplicate,
  onRemove,
}: {
  form: UseFormReturn<z.input<typeof DraftsSchema>, unknown, z.output<typeof DraftsSchema>>;
  index: number;
  /** False: the platform gives no budget, so there is no reset to it. */
  budgetFromPlatform: boolean;
  onDuplicate: () => void;
  onRemove: () => void;
}) {
  const row = index + 1;
  const [account, manual] = useWatch({
    control: form.control,
    name: [`drafts.${index}.account`, `drafts.${index}.manual`],
  });
  const budgetError = form.formState.errors.drafts?.[index]?.manual?.budget?.message;
  const currency = account.currency ?? DEFAULT_CURRENCY;
  const setManual = (value: Draft["manual"]) =>
    form.setValue(`drafts.${index}.manual`, value, { shouldDirty: true, shouldValidate: true });
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
        <strong>{account.name}</strong>
        <br />
        <span className="muted">{account.id}</span>
      </td>
      <td>
        <input
          className="input"
          aria-label={`Name of tracker ${row}`}
          {...form.register(`drafts.${index}.name`)}
        />
      </td>
      <td>
        <input
          className="input"
          aria-label={`Client of tracker ${row}`}
          {...form.register(`drafts.${index}.client`)}
        />
      </td>
      <td>
        {manual ? (
          <>
            <span className="input-group draft-budget">
              <span aria-hidden="true">{currencySymbol(currency)}</span>
              <input
                className={`input ${budgetError ? "input-invalid" : ""}`}
                inputMode="decimal"
                aria-label={`Budget of tracker ${row}`}
                aria-invalid={Boolean(budgetError) || undefined}
                aria-describedby={budgetError ? `draft-budget-error-${row}` : undefined}
                {...form.register(`drafts.${index}.manual.budget`)}
              />
              <select
                className="input select"
                aria-label={`Budget period of tracker ${row}`}
                {...form.register(`drafts.${index}.manual.period`)}
              >
                <option value="day">per Day</option>
                <option value="month">per Month</option>
              </select>
              {budgetFromPlatform && (
                <IconButton
                  label={`Reset tracker ${row} to the platform budget`}
                  icon={<UndoIcon size={16} />}
                  size="sm"
                  onClick={() => setManual(null)}
                />
              )}
            </span>
            {budgetError && (
              <p id={`draft-budget-error-${row}`} className="field-error">
                {budgetError}
              </p>
            )}
          </>
        ) : (
          <button
            type="button"
            className="cell-edit"
            onClick={() => setManual({ budget: "", period: "month" })}
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
