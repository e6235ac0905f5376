import { type ColumnDef as CatalogueColumn, searchColumns } from "@pacer/core/columns";
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Toggle } from "../../../components/ui/field";
import { Modal } from "../../../components/ui/modal";
import { TableSearch } from "../../../components/ui/table-parts";
import type { CurrentUser } from "../../../lib/auth";
import { userColumns, useSaveTableColumns, useSetShowTotals } from "../api/preferences";

/** The Name column always shows (decision: a table without names cannot be read). */
const ALWAYS_SHOWN = new Set(["name"]);

/**
 * Table Settings (spec trackers.md section 2; pods-budgets... 2.9): a searchable list of the columns
 * ('Search columns'), each toggled on or off by click, a 'Show Totals' toggle (the account's
 * showTableTotals; not for Viewers, who may not change account settings) and 'SAVE CHANGES'.
 */
export function TableSettingsModal({
  user,
  viewer,
  onClose,
}: {
  user: CurrentUser;
  viewer: boolean;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<CatalogueColumn[]>(() => userColumns(user));
  const [query, setQuery] = useState("");
  const [showTotals, setShowTotals] = useState(user.account.showTableTotals === true);
  const totalsId = useId();
  const saveColumns = useSaveTableColumns(user);
  const setTotals = useSetShowTotals(user.account._id);

  const initial = userColumns(user);
  const columnsChanged = draft.some((c, i) => c.hideColumn !== initial[i]?.hideColumn);
  const totalsChanged = showTotals !== (user.account.showTableTotals === true);
  const busy = saveColumns.isPending || setTotals.isPending;

  const toggle = (id: string) =>
    setDraft((list) => list.map((c) => (c.id === id ? { ...c, hideColumn: !c.hideColumn } : c)));

  const save = async () => {
    try {
      if (columnsChanged) await saveColumns.mutateAsync(draft);
      if (totalsChanged) await setTotals.mutateAsync(showTotals);
      onClose();
    } catch {
      // Logged by the query client; the modal stays open.
    }
  };

  const shown = searchColumns(query, draft);
  return (
    <Modal
      open
      onClose={onClose}
      title="Table Settings"
      size="md"
      footer={
        <Button variant="primary" onClick={() => void save()} isLoading={busy}>
          SAVE CHANGES
        </Button>
      }
    >
      <div className="stack">
        <TableSearch type="text" placeholder="Search columns" value={query} onChange={setQuery} />
        <ul className="column-list" style={{ maxHeight: 380 }} aria-label="Columns">
          {shown.map((c) => {
            const fixed = ALWAYS_SHOWN.has(c.id);
            const on = fixed || !c.hideColumn;
            return (
              <li key={c.id}>
                <button
                  type="button"
                  className="column-toggle"
                  aria-pressed={on}
                  disabled={fixed}
                  onClick={() => toggle(c.id)}
                >
                  <span>{c.name}</span>
                  <span className={`column-state ${on ? "column-state-on" : ""}`}>
                    {on ? "Shown" : "Hidden"}
                  </span>
                </button>
              </li>
            );
          })}
          {shown.length === 0 && (
            <li>
              <p className="muted" style={{ padding: "0.6rem 0.75rem", margin: 0 }}>
                No columns found
              </p>
            </li>
          )}
        </ul>
        {!viewer && (
          // The visible words are a <label> of the switch, so clicking them flips it too.
          <span className="row">
            <Toggle
              id={totalsId}
              checked={showTotals}
              onChange={setShowTotals}
              label="Show Totals"
              hideLabel
            />
            <label htmlFor={totalsId}>Show Totals</label>
          </span>
        )}
      </div>
    </Modal>
  );
}
