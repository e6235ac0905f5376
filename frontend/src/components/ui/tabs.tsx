import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";

export interface TabItem {
  id: string;
  label: ReactNode;
}

export interface TabsProps {
  /** The tab list's accessible name, e.g. 'Select view level'. */
  label: string;
  tabs: readonly TabItem[];
  value: string;
  onChange: (id: string) => void;
  /** The panel of the selected tab. */
  children?: ReactNode;
  /** Extra content at the end of the tab bar (e.g. a pin icon). */
  end?: ReactNode;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; the selected panel is rendered. */
export function Tabs({ label, tabs, value, onChange, children, end }: TabsProps) {
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((t) => t.id === value);
    let next = -1;
    if (event.key === "ArrowRight") next = (index + 1) % tabs.length;
    else if (event.key === "ArrowLeft") next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = tabs.length - 1;
    if (next < 0) return;
    event.preventDefault();
    const tab = tabs[next];
    if (tab) onChange(tab.id);
    refs.current[next]?.focus();
  };
  return (
    <div className="tabs">
      <div className="tab-bar">
        <div role="tablist" aria-label={label} className="tab-list" onKeyDown={onKeyDown}>
          {tabs.map((tab, i) => (
            <button
              key={tab.id}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.id}`}
              aria-selected={tab.id === value}
              aria-controls={`${base}-panel`}
              tabIndex={tab.id === value ? 0 : -1}
              className={tab.id === value ? "tab tab-selected" : "tab"}
              onClick={() => onChange(tab.id)}
            >
              {tab.label}
            </button>
          ))}
        </div>
        {end}
      </div>
      {children !== undefined && (
        <div
          role="tabpanel"
          id={`${base}-panel`}
          aria-labelledby={`${base}-tab-${value}`}
          className="tab-panel"
        >
          {children}
        </div>
      )}
    </div>
  );
}
