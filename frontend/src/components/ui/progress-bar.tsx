/**
 * A horizontal progress bar (`role="progressbar"`) showing `value` of `max`, with a visible label.
 * `tone="danger"` draws it red (e.g. a limit exceeded).
 */
export function ProgressBar({
  value,
  max,
  label,
  valueText,
  tone = "brand",
}: {
  value: number;
  max: number;
  label: string;
  /** The spoken value, e.g. '30 of 42 trackers'. */
  valueText?: string;
  tone?: "brand" | "danger";
}) {
  const safeMax = Math.max(1, max);
  const clamped = Math.min(Math.max(0, value), safeMax);
  const percent = Math.round((clamped / safeMax) * 100);
  return (
    <div style={{ display: "grid", gap: "0.35rem" }}>
      <span style={{ fontWeight: 600 }}>{label}</span>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={safeMax}
        aria-valuenow={clamped}
        aria-valuetext={valueText}
        style={{ height: 12, borderRadius: 6, background: "#e3e8ee", overflow: "hidden" }}
      >
        <div
          style={{
            width: `${percent}%`,
            height: "100%",
            background: tone === "danger" ? "var(--danger)" : "var(--brand)",
          }}
        />
      </div>
      {valueText && <span className="muted">{valueText}</span>}
    </div>
  );
}
