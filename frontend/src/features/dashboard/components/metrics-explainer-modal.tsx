import { searchColumns } from "@pacer/core/columns";
import { useId, useState } from "react";
import { SearchIcon } from "../../../components/ui/icons";
import { Modal } from "../../../components/ui/modal";

/**
 * Metrics Explainer (spec trackers.md section 2; pods-budgets... 2.9): the catalogue's metric names,
 * descriptions and formulas, searchable ('Search Metrics').
 */
export function MetricsExplainerModal({ onClose }: { onClose: () => void }) {
  const [query, setQuery] = useState("");
  const searchId = useId();
  const shown = searchColumns(query);
  return (
    <Modal open onClose={onClose} title="Metrics Explainer" size="lg">
      <div className="stack">
        <div className="search-box">
          <label htmlFor={searchId} className="sr-only">
            Search Metrics
          </label>
          <SearchIcon />
          <input
            id={searchId}
            type="text"
            className="input"
            placeholder="Search Metrics"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
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
