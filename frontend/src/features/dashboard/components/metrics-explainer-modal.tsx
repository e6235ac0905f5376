import { searchMetrics } from "@pacer/core/columns";
import { useState } from "react";
import { Modal } from "../../../components/ui/modal";
import { TableSearch } from "../../../components/ui/table-parts";

/**
 * Metrics Explainer (spec trackers.md section 2; pods-budgets... 2.9): the catalogue's metric names,
 * descriptions and formulas, searchable by any of the three ('Search Metrics').
 */
export function MetricsExplainerModal({ onClose }: { onClose: () => void }) {
  const [query, setQuery] = useState("");
  const shown = searchMetrics(query);
  return (
    <Modal open onClose={onClose} title="Metrics Explainer" size="lg">
      <div className="stack">
        <TableSearch type="text" placeholder="Search Metrics" value={query} onChange={setQuery} />
        <ul className="metric-list" aria-label="Metrics">
          {shown.map((c) => (
            <li key={c.id}>
              <h3>{c.name}</h3>
              <p>{c.description}</p>
              <p className="metric-formula">{c.formula}</p>
            </li>
          ))}
          {shown.length === 0 && <li className="muted">No metrics found</li>}
        </ul>
      </div>
    </Modal>
  );
}
