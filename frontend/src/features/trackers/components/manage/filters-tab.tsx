import { checkFilterPick } from "@pacer/core/validation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Badge } from "../../../../components/ui/badge";
import { Button } from "../../../../components/ui/button";
import { EmptyState } from "../../../../components/ui/empty-state";
import { Spinner } from "../../../../components/ui/spinner";
import { TableSearch } from "../../../../components/ui/table-parts";
import type { FilterSelection, TrackerDetail, TrackerFilter } from "../../../../lib/tracker-types";
import { fetchFilterValues, trackerCalls } from "../../api/tracker";
import { useSetPending } from "./pending";
import type { RunCall } from "./preferences-tab";

/** Filter values poll every 15 seconds while the platform is still loading them (spec section 9). */
export const FILTER_POLL_MS = 15_000;

type Values =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "loaded"; values: { id: string; name: string }[]; stillLoading: boolean }
  | { status: "error"; message: string };

/** Channels whose connectors offer the campaign filters (functions/README.md, filter-possible-values). */
const CAMPAIGN_FILTER_CHANNELS = new Set([
  "googleads",
  "googledv360",
  "facebookads",
  "linkedinads",
  "tiktokads",
  "twitterads",
  "pinterestads",
  "redditads",
]);

/**
 * The filters a tracker starts with when none are stored (decision: the server answers only stored
 * filters): its channel's campaign filters, the multiple-choice one to be activated first.
 */
export function defaultFilters(slug: string): TrackerFilter[] {
  if (!CAMPAIGN_FILTER_CHANNELS.has(slug)) return [];
  return [
    {
      id: "campaigns",
      name: "Campaigns",
      type: "multipleChoice",
      integration: slug,
      selection: [],
      disabled: true,
      descriptionText: "Only count the selected campaigns.",
    },
    {
      id: "campaignName",
      name: "Campaign name contains",
      type: "textBoxStringFilter",
      integration: slug,
      selection: [],
      descriptionText: "Only count campaigns whose name contains this text (not case sensitive).",
    },
  ];
}

/** The selection after picking or unpicking one value, or the max-selection message. */
export function pickValue(
  filter: TrackerFilter,
  value: { id: string; name: string },
  on: boolean,
): { selection: FilterSelection[] } | { message: string } {
  if (!on) return { selection: filter.selection.filter((s) => s.id !== value.id) };
  const check = checkFilterPick(filter.name, filter.selection.length, filter.maxSelection);
  if (!check.ok) return { message: check.message };
  return { selection: [...filter.selection, { id: value.id, name: value.name }] };
}

/** The selection of a text-box filter on blur: empty clears it, otherwise the filter string applies. */
export function textFilterSelection(text: string): FilterSelection[] {
  const value = text.trim();
  return value ? [{ id: value, name: value, applyFilter: true, filterString: value }] : [];
}

function FilterPanel({
  tracker,
  filter,
  onChange,
  activating,
  onActivate,
}: {
  tracker: TrackerDetail;
  filter: TrackerFilter;
  onChange: (filter: TrackerFilter) => void;
  activating: string | null;
  onActivate: (filter: TrackerFilter) => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Values>(
    filter.possibleValues?.length
      ? { status: "loaded", values: filter.possibleValues, stillLoading: filter.filterValuesLoading === true }
      : { status: "idle" },
  );
  const [query, setQuery] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [text, setText] = useState(filter.selection[0]?.filterString ?? filter.selection[0]?.name ?? "");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const load = useCallback(async () => {
    clearTimeout(timer.current);
    setValues((v) => (v.status === "loaded" ? v : { status: "loading" }));
    const answer = await fetchFilterValues(tracker, filter);
    if (answer.error !== undefined) setValues({ status: "error", message: answer.error });
    else {
      setValues({ status: "loaded", values: answer.values ?? [], stillLoading: answer.loading === true });
      if (answer.loading) timer.current = setTimeout(() => void load(), FILTER_POLL_MS);
    }
  }, [tracker, filter]);
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (open && !filter.disabled && filter.type === "multipleChoice" && values.status === "idle") void load();
  }, [open, filter.disabled, filter.type, values.status, load]);

  const selected = new Set(filter.selection.map((s) => s.id));
  const q = query.trim().toLowerCase();
  const list = values.status === "loaded" ? values.values : [];
  const shown = q
    ? list.filter((v) => v.name.toLowerCase().includes(q) || v.id.toLowerCase().includes(q))
    : list;

  const pick = (value: { id: string; name: string }, on: boolean) => {
    const result = pickValue(filter, value, on);
    if ("message" in result) setMessage(result.message);
    else {
      setMessage(null);
      onChange({ ...filter, selection: result.selection });
    }
  };
  const selectMany = (items: { id: string; name: string }[]) => {
    const next = [...filter.selection];
    for (const v of items) {
      if (selected.has(v.id)) continue;
      const check = checkFilterPick(filter.name, next.length, filter.maxSelection);
      if (!check.ok) {
        setMessage(check.message);
        break;
      }
      next.push({ id: v.id, name: v.name });
    }
    onChange({ ...filter, selection: next });
  };

  return (
    <details className="filter-panel" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <span className="filter-name">{filter.name}</span>
        <Badge tone={filter.selection.length ? "info" : "neutral"}>{filter.selection.length} selected</Badge>
        {filter.disabled && <Badge tone="warning">Not active</Badge>}
      </summary>
      <div className="filter-body stack">
        {filter.descriptionText && <p className="muted">{filter.descriptionText}</p>}
        {filter.disabled ? (
          <Button
            variant="primary"
            size="sm"
            isLoading={activating === filter.id}
            disabled={activating !== null && activating !== filter.id}
            onClick={() => void onActivate(filter)}
          >
            Activate Filter
          </Button>
        ) : filter.type === "textBoxStringFilter" ? (
          <label className="field">
            <span className="field-label">{filter.name}</span>
            <input
              className="input"
              value={text}
              onChange={(event) => setText(event.target.value)}
              onBlur={() => onChange({ ...filter, selection: textFilterSelection(text) })}
            />
          </label>
        ) : (
          <>
            <div className="row">
              <TableSearch
                type="text"
                label={`Search ${filter.name}`}
                placeholder="Search by name or id"
                value={query}
                onChange={setQuery}
              />
              {q ? (
                <Button size="sm" onClick={() => selectMany(shown)} disabled={shown.length === 0}>
                  Include All
                </Button>
              ) : (
                <Button
                  size="sm"
                  onClick={() =>
                    list.length > 0 && list.every((v) => selected.has(v.id))
                      ? onChange({ ...filter, selection: [] })
                      : selectMany(list)
                  }
                  disabled={list.length === 0}
                >
                  {list.length > 0 && list.every((v) => selected.has(v.id)) ? "Unselect All" : "Select All"}
                </Button>
              )}
              <Button size="sm" variant="ghost" onClick={() => onChange({ ...filter, selection: [] })}>
                Clear Filter
              </Button>
              <Button size="sm" variant="ghost" onClick={() => void load()}>
                Reset Filter Values
              </Button>
            </div>
            {message && (
              <p className="field-error" role="alert">
                {message}
              </p>
            )}
            {values.status === "loading" && <Spinner label="Loading values..." />}
            {values.status === "error" && (
              <div className="row">
                <Badge tone="danger">{values.message}</Badge>
                <Button size="sm" onClick={() => void load()}>
                  Try again
                </Button>
              </div>
            )}
            {values.status === "loaded" && (
              <>
                {values.stillLoading && <Spinner label="Loading values..." />}
                {shown.length === 0 ? (
                  <p className="muted">No values found</p>
                ) : (
                  <ul className="filter-values" style={{ maxHeight: 400 }}>
                    {shown.map((v) => (
                      <li key={v.id}>
                        <label>
                          <input
                            type="checkbox"
                            checked={selected.has(v.id)}
                            onChange={(e) => pick(v, e.target.checked)}
                          />
                          <span>{v.name}</span> <span className="muted">({v.id})</span>
                        </label>
                      </li>
                    ))}
                  </ul>
                )}
              </>
            )}
          </>
        )}
      </div>
    </details>
  );
}

/** What a filter change is made of: which filters are active and what they select. */
function filtersKey(filters: readonly TrackerFilter[]): string {
  return JSON.stringify(
    filters.map((f) => [f.id, f.disabled === true, f.selection.map((s) => [s.id, s.filterString ?? null])]),
  );
}

/**
 * Filters (spec trackers.md section 2, Filters): one collapsible panel per filter with search by name
 * or id, select or unselect all, 'Include All' while searching, the selected count, clear, 'Reset
 * Filter Values', 'Activate Filter' (one at a time) and 'Try again'; values poll every 15 s while
 * loading. Changes are pending until Update Tracker (kind trackerChanges).
 */
export function FiltersTab({ tracker, run }: { tracker: TrackerDetail; run: RunCall }) {
  const setPending = useSetPending();
  const saved = useMemo(
    () => (tracker.filters?.length ? tracker.filters : defaultFilters(tracker.dataSource.integration.slug)),
    [tracker.filters, tracker.dataSource.integration.slug],
  );
  const [draft, setDraft] = useState<TrackerFilter[]>(saved);
  const [activating, setActivating] = useState<string | null>(null);
  // Saved (the answer replaced the tracker's filters): start again from what is stored.
  useEffect(() => setDraft(saved), [saved]);
  const dirty = filtersKey(draft) !== filtersKey(saved);

  const save = useCallback(
    () =>
      run(
        trackerCalls.singleTracker({
          _id: tracker._id,
          filters: draft.map(
            ({ possibleValues: _values, filterLoading: _l, filterValuesLoading: _v, ...f }) => f,
          ),
        }),
        "Updating tracker...",
      ),
    [run, tracker._id, draft],
  );
  useEffect(() => {
    setPending("filters", dirty ? { kind: "trackerChanges", save } : null);
  }, [dirty, save, setPending]);
  useEffect(() => () => setPending("filters", null), [setPending]);

  const replace = (filter: TrackerFilter) =>
    setDraft((list) => list.map((f) => (f.id === filter.id ? filter : f)));
  const activate = async (filter: TrackerFilter) => {
    setActivating(filter.id);
    try {
      replace({ ...filter, disabled: false });
    } finally {
      setActivating(null);
    }
  };

  if (draft.length === 0) return <EmptyState title="No filters for this Tracker" />;
  return (
    <div className="filters-tab stack">
      {draft.map((f) => (
        <FilterPanel
          key={f.id}
          tracker={tracker}
          filter={f}
          onChange={replace}
          activating={activating}
          onActivate={activate}
        />
      ))}
    </div>
  );
}
