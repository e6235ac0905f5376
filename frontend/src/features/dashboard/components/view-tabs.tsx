import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";
import { PinIcon } from "../../../components/ui/icons";
import { type DashboardView, SHARED_BUDGETS_VIEW, VIEWS } from "../lib/views";

/**
 * The view-level tabs (spec: 'Select view level': Favourites, Tracker, Client, Pod), a link to the
 * Shared Budgets view (which has no tab), and the pin ('Set this as primary view'). WAI-ARIA tabs
 * with arrow keys, Home and End; when the Shared Budgets view is shown no tab is selected and the
 * first tab takes the keyboard focus.
 */
export function ViewTabs({
  view,
  views = VIEWS,
  primary,
  onChange,
  onPin,
  children,
}: {
  view: DashboardView;
  /** The tabs offered (Viewers get no Favourites). */
  views?: readonly { id: DashboardView; label: string }[];
  primary: string | undefined;
  onChange: (view: DashboardView) => void;
  onPin: (view: DashboardView) => void;
  children: ReactNode;
}) {
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const selectedIndex = views.findIndex((v) => v.id === view);
  const focusIndex = Math.max(0, selectedIndex);
  const onKeyDown = (event: KeyboardEvent) => {
    let next = -1;
    if (event.key === "ArrowRight") next = (focusIndex + 1) % views.length;
    else if (event.key === "ArrowLeft") next = (focusIndex - 1 + views.length) % views.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = views.length - 1;
    if (next < 0) return;
    event.preventDefault();
    const target = views[next];
    if (target) onChange(target.id);
    refs.current[next]?.focus();
  };
  const pinned = primary === view || (!primary && view === "tracker");
  const sharedId = `${base}-shared`;
  return (
    <div className="tabs view-tabs">
      <div className="tab-bar">
        <div role="tablist" aria-label="Select view level" className="tab-list" onKeyDown={onKeyDown}>
          {views.map((v, i) => (
            <button
              key={v.id}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${v.id}`}
              aria-selected={v.id === view}
              aria-controls={v.id === view ? `${base}-panel` : undefined}
              tabIndex={i === focusIndex ? 0 : -1}
              className={v.id === view ? "tab tab-selected" : "tab"}
              onClick={() => onChange(v.id)}
            >
              {v.label}
            </button>
          ))}
        </div>
        <button
          type="button"
          id={sharedId}
          className={`tab shared-budgets-link ${view === "sharedBudgets" ? "tab-selected" : ""}`}
          aria-current={view === "sharedBudgets" ? "page" : undefined}
          onClick={() => onChange(SHARED_BUDGETS_VIEW.id)}
        >
          {SHARED_BUDGETS_VIEW.label}
        </button>
        <button
          type="button"
          className={`btn btn-ghost btn-icon btn-md pin-button ${pinned ? "pin-on" : ""}`}
          title="Set this as primary view"
          aria-label="Set this as primary view"
          aria-pressed={pinned}
          onClick={() => onPin(view)}
        >
          <PinIcon fill={pinned ? "currentColor" : "none"} />
        </button>
      </div>
      {selectedIndex < 0 ? (
        <section id={`${base}-panel`} aria-labelledby={sharedId} className="tab-panel">
          {children}
        </section>
      ) : (
        <div
          role="tabpanel"
          id={`${base}-panel`}
          aria-labelledby={`${base}-tab-${view}`}
          className="tab-panel"
        >
          {children}
        </div>
      )}
    </div>
  );
}
