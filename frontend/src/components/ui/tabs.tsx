import * as TabsPrimitive from "@radix-ui/react-tabs";
import { type ReactNode, useEffect, useRef } from "react";

export interface TabItem {
  id: string;
  label: ReactNode;
}

export interface TabsProps {
  /** The tab list's accessible name, e.g. 'Select view level'. */
  label: string;
  tabs: readonly TabItem[];
  /** The selected tab's id; a value that is none of the tabs selects none (see `panelLabelledBy`). */
  value: string;
  onChange: (id: string) => void;
  /** The panel of the selected tab. */
  children?: ReactNode;
  /** Extra content at the end of the tab bar (e.g. a pin icon). */
  end?: ReactNode;
  /**
   * When `value` is none of the tabs (a view reached from a control in `end`), the panel is a region
   * named by the element with this id.
   */
  panelLabelledBy?: string;
  className?: string;
}

/**
 * WAI-ARIA tabs on Radix Tabs: arrow keys, Home and End move between tabs and select them; the
 * selected tab's panel shows `children`. The tab list scrolls sideways when its tabs are wider than
 * the bar (narrow screens), keeping the selected tab in view.
 */
export function Tabs({ label, tabs, value, onChange, children, end, panelLabelledBy, className }: TabsProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const selectedIndex = tabs.findIndex((t) => t.id === value);
  const selectedIsTab = selectedIndex >= 0;
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const keepSelectedInView = () => {
      if (list.scrollWidth <= list.clientWidth) return;
      const selected = list.querySelectorAll<HTMLElement>('[role="tab"]')[selectedIndex];
      if (!selected) return;
      // Scroll the tab list only (not the page) to bring the selected tab into its box.
      const box = list.getBoundingClientRect();
      const tab = selected.getBoundingClientRect();
      if (tab.left < box.left) list.scrollLeft -= box.left - tab.left;
      else if (tab.right > box.right) list.scrollLeft += tab.right - box.right;
    };
    // Measured when the browser has laid the bar out (a ResizeObserver's first report follows the
    // frame's own layout, and each resize of the bar after), not in the effect: reading sizes here,
    // right after React's commit, forces a layout of the whole new page (the dashboard's first rows
    // wait for it).
    const Observer = list.ownerDocument.defaultView?.ResizeObserver;
    if (!Observer) {
      keepSelectedInView();
      return;
    }
    const observer = new Observer(keepSelectedInView);
    observer.observe(list);
    return () => observer.disconnect();
  }, [selectedIndex]);
  return (
    <TabsPrimitive.Root
      value={value}
      onValueChange={onChange}
      // With no tab selected, focusing a tab must not select it: a keyboard user only passes by.
      activationMode={selectedIsTab ? "automatic" : "manual"}
      className={`tabs ${className ?? ""}`}
    >
      <div className="tab-bar">
        <TabsPrimitive.List ref={listRef} aria-label={label} className="tab-list">
          {tabs.map((tab) => (
            <TabsPrimitive.Trigger
              key={tab.id}
              value={tab.id}
              className={tab.id === value ? "tab tab-selected" : "tab"}
            >
              {tab.label}
            </TabsPrimitive.Trigger>
          ))}
        </TabsPrimitive.List>
        {end}
      </div>
      {tabs.map((tab) => (
        <TabsPrimitive.Content key={tab.id} value={tab.id} className="tab-panel">
          {tab.id === value ? children : null}
        </TabsPrimitive.Content>
      ))}
      {!selectedIsTab && (
        <section aria-labelledby={panelLabelledBy} className="tab-panel">
          {children}
        </section>
      )}
    </TabsPrimitive.Root>
  );
}
