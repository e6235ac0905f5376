import { formatMoney } from "@pacer/core/format";
import type { PacingEvent, PacingSeries } from "@pacer/core/pacing-chart";
import { useMemo } from "react";
import {
  Area,
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceDot,
  ResponsiveContainer,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from "recharts";
import type { NameType, ValueType } from "recharts/types/component/DefaultTooltipContent";

/**
 * The pacing chart (recharts; this module is loaded only when a chart opens): cumulative spend
 * against the ideal line with the forecast and its P10-P90 range shaded, and below it the daily
 * spend bars against the daily budget. Both charts share one hover readout per day (`syncId`).
 * Events are dots on the ideal line of their day. The series come from the engine
 * (@pacer/core pacing-chart.ts); this component only draws them, in currency units.
 */

const UNIT = 1_000_000;

/** One day as the charts read it (currency units; null where the series has none). */
interface ChartDay {
  date: string;
  /** Day of the month, e.g. "14 Apr", for the axis. */
  label: string;
  spend: number | null;
  cumulativeSpend: number | null;
  ideal: number;
  dailyBudget: number;
  forecast: number | null;
  range: [number, number] | null;
  events: PacingEvent[];
}

const units = (micros: number | null) => (micros === null ? null : micros / UNIT);

function dayLabel(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
}

function chartDays(series: PacingSeries): ChartDay[] {
  const byDate = new Map<string, PacingEvent[]>();
  for (const e of series.events) byDate.set(e.date, [...(byDate.get(e.date) ?? []), e]);
  return series.days.map((d) => ({
    date: d.date,
    label: dayLabel(d.date),
    spend: units(d.spend),
    cumulativeSpend: units(d.cumulativeSpend),
    ideal: d.ideal / UNIT,
    dailyBudget: d.dailyBudget / UNIT,
    forecast: units(d.forecast),
    range:
      d.forecastLow === null || d.forecastHigh === null
        ? null
        : [d.forecastLow / UNIT, d.forecastHigh / UNIT],
    events: byDate.get(d.date) ?? [],
  }));
}

/** Lines without dots or animation (the readout marks the hovered day). */
const STATIC_LINE = { dot: false, isAnimationActive: false } as const;

const COLORS = {
  actual: "#1d4ed8",
  ideal: "#6b7280",
  forecast: "#b45309",
  range: "#f59e0b",
  bar: "#60a5fa",
  budget: "#047857",
  event: "#b91c1c",
} as const;

/** The hover readout of a day: its figures and events. */
function Readout({
  active,
  payload,
  currency,
}: TooltipContentProps<ValueType, NameType> & { currency: string | null }) {
  const day = payload?.[0]?.payload as ChartDay | undefined;
  if (!active || !day) return null;
  const money = (v: number | null) => (v === null ? "–" : formatMoney(v * UNIT, currency));
  return (
    <div className="pacing-readout" data-testid="pacing-readout">
      <strong>{day.label}</strong>
      <dl>
        <dt>Spend</dt>
        <dd>{money(day.spend)}</dd>
        <dt>Daily budget</dt>
        <dd>{money(day.dailyBudget)}</dd>
        <dt>Spend to date</dt>
        <dd>{money(day.cumulativeSpend)}</dd>
        <dt>Ideal to date</dt>
        <dd>{money(day.ideal)}</dd>
        {day.forecast !== null && (
          <>
            <dt>Forecast</dt>
            <dd>
              {money(day.forecast)}
              {day.range &&
                day.range[0] !== day.range[1] &&
                ` (${money(day.range[0])} – ${money(day.range[1])})`}
            </dd>
          </>
        )}
      </dl>
      {day.events.map((e) => (
        <p key={`${e.kind}-${e.label}-${e.tracker ?? ""}`} className="pacing-readout-event">
          {e.tracker ? `${e.tracker}: ` : ""}
          {e.label}
        </p>
      ))}
    </div>
  );
}

/** The pacing chart of one series; `currency` formats the money (null: no symbol). */
export default function PacingChart({ series, currency }: { series: PacingSeries; currency: string | null }) {
  const data = useMemo(() => chartDays(series), [series]);
  const eventDays = data.filter((d) => d.events.length > 0);
  const money = (v: number) => formatMoney(v * UNIT, currency);
  const readout = (props: TooltipContentProps<ValueType, NameType>) => (
    <Readout {...props} currency={currency} />
  );
  const syncId = `pacing-${series.start}-${series.end}`;
  // The grid, the axes and the hover readout both charts share (children, as recharts reads them).
  const axes = [
    <CartesianGrid key="grid" stroke="#e5e7eb" vertical={false} />,
    <XAxis key="x" dataKey="label" interval="preserveStartEnd" minTickGap={16} tick={{ fontSize: 12 }} />,
    <YAxis key="y" tickFormatter={money} width={80} tick={{ fontSize: 12 }} />,
    <Tooltip key="readout" content={readout} />,
  ];
  return (
    <div className="pacing-charts">
      <div
        className="pacing-chart"
        role="img"
        aria-label="Cumulative spend against the ideal line and the forecast"
      >
        <ResponsiveContainer width="100%" height={260}>
          <ComposedChart data={data} syncId={syncId} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
            {axes}
            <Area
              dataKey="range"
              name="Forecast range (P10-P90)"
              stroke="none"
              fill={COLORS.range}
              fillOpacity={0.25}
              isAnimationActive={false}
              connectNulls={false}
            />
            <Line dataKey="ideal" name="Ideal" stroke={COLORS.ideal} strokeDasharray="6 4" {...STATIC_LINE} />
            <Line
              dataKey="forecast"
              name="Forecast"
              stroke={COLORS.forecast}
              strokeDasharray="2 3"
              strokeWidth={2}
              {...STATIC_LINE}
            />
            <Line
              dataKey="cumulativeSpend"
              name="Spend to date"
              stroke={COLORS.actual}
              strokeWidth={2}
              {...STATIC_LINE}
            />
            {eventDays.map((d) => (
              <ReferenceDot
                key={d.date}
                x={d.label}
                y={d.cumulativeSpend ?? d.ideal}
                r={5}
                fill={COLORS.event}
                stroke="#fff"
              />
            ))}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <div className="pacing-chart" role="img" aria-label="Daily spend against the daily budget">
        <ResponsiveContainer width="100%" height={160}>
          <ComposedChart data={data} syncId={syncId} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
            {axes}
            <Bar dataKey="spend" name="Daily spend" fill={COLORS.bar} isAnimationActive={false} />
            <Line
              dataKey="dailyBudget"
              name="Daily budget"
              type="stepAfter"
              stroke={COLORS.budget}
              strokeWidth={2}
              {...STATIC_LINE}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <ul className="pacing-legend" aria-label="Legend">
        <li>
          <span className="pacing-swatch" style={{ background: COLORS.actual }} /> Spend to date
        </li>
        <li>
          <span className="pacing-swatch pacing-swatch-dashed" style={{ borderColor: COLORS.ideal }} /> Ideal
        </li>
        <li>
          <span className="pacing-swatch pacing-swatch-dashed" style={{ borderColor: COLORS.forecast }} />{" "}
          Forecast
        </li>
        <li>
          <span className="pacing-swatch" style={{ background: COLORS.range, opacity: 0.4 }} /> Forecast range
          (P10-P90)
        </li>
        <li>
          <span className="pacing-swatch" style={{ background: COLORS.bar }} /> Daily spend
        </li>
        <li>
          <span className="pacing-swatch" style={{ background: COLORS.budget }} /> Daily budget
        </li>
        <li>
          <span className="pacing-swatch pacing-swatch-dot" style={{ background: COLORS.event }} /> Event
        </li>
      </ul>
    </div>
  );
}
