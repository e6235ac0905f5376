import { type ReactNode, useId } from "react";
import { PinIcon } from "../../../components/ui/icons";
import { Tabs } from "../../../components/ui/tabs";
import { type DashboardView, isDashboardView, SHARED_BUDGETS_VIEW, VIEWS } from "../lib/views";

/**
 * The view-level tabs (spec: 'Select view level': Favourites, Tracker, Client, Pod), a link to the
 * Shared Budgets view (which has no tab), and the pin ('Set this as primary view'), on the UI kit's
 * Tabs. When the Shared Budgets view is shown no tab is selected and its panel is named by the link.
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
  const sharedId = `${useId()}-shared`;
  const pinned = primary === view || (!primary && view === "tracker");
  return (
    <Tabs
      label="Select view level"
      tabs={views}
      value={view}
      onChange={(id) => {
        if (isDashboardView(id)) onChange(id);
      }}
      panelLabelledBy={sharedId}
      className="view-tabs"
      end={
        <>
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
        </>
      }
    >
      {children}
    </Tabs>
  );
}
