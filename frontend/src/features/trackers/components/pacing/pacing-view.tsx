import { formatMoney } from "@pacer/core/format";
import type { PacingSeries } from "@pacer/core/pacing-chart";
import { lazy, Suspense } from "react";
import { PageLoader } from "../../../../components/ui/spinner";
import "./pacing.css";

/** The chart library (recharts) is loaded only when a pacing chart opens. */
const PacingChart = lazy(() => import("./pacing-chart"));

const EVENT_KINDS = {
  "tracker-created": "Created",
  note: "Note",
  "refresh-failure": "Refresh failure",
} as const;

/**
 * One pacing series: a summary (budget, spend to date, forecast with its range), the lazily loaded
 * chart, the period's events, and the figures day by day as a table (the chart's accessible
 * fallback). The series is also on `data-series` (JSON, micros) for tests and tools.
 */
export function PacingView({ series, currency }: { series: PacingSeries; currency: string | null }) {
  const money = (micros: number | null) => (micros === null ? "–" : formatMoney(micros, currency));
  const today = series.days.find((d) => d.date === series.today);
  const last = series.days.at(-1);
  const spent = today?.cumulativeSpend ?? last?.cumulativeSpend ?? 0;
  const hasRange = last?.forecastLow != null && last.forecastLow !== last.forecastHigh;
  return (
    <section className="pacing-view stack" data-testid="pacing-series" data-series={JSON.stringify(series)}>
      <dl className="pacing-summary">
        <div>
          <dt>{series.period === "lifetime" ? "Flight" : "Month"}</dt>
          <dd>
            {series.start} to {series.end}
            {series.weekdaysOnly ? " (weekdays only)" : ""}
          </dd>
        </div>
        <div>
          <dt>Budget</dt>
          <dd>{money(series.budget)}</dd>
        </div>
        <div>
          <dt>Spend to date</dt>
          <dd>{money(spent)}</dd>
        </div>
        {last?.forecast != null && (
          <div>
            <dt>Forecast at {series.period === "lifetime" ? "flight" : "month"} end</dt>
            <dd>
              {money(last.forecast)}
              {hasRange && ` (${money(last.forecastLow)} – ${money(last.forecastHigh)})`}
              {series.forecastMethod === "run-rate" && " (run-rate: too few days of history)"}
            </dd>
          </div>
        )}
      </dl>
      <Suspense fallback={<PageLoader message="Loading chart..." />}>
        <PacingChart series={series} currency={currency} />
      </Suspense>
      {series.events.length > 0 && (
        <div>
          <h3 className="pacing-heading">Events</h3>
          <ul className="pacing-events">
            {series.events.map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: events have no id; the list is static
              <li key={i}>
                {e.date} · {EVENT_KINDS[e.kind]}
                {e.tracker ? ` · ${e.tracker}` : ""}: {e.label}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="muted pacing-note">
        Events marked: tracker creation, notes and the last refresh failure. Budget and filter changes are not
        recorded with their date, so they are not marked.
      </p>
      <details className="pacing-table">
        <summary>Figures by day</summary>
        <div className="table-scroll">
          <table>
            <caption className="sr-only">Pacing figures by day</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Spend</th>
                <th scope="col">Daily budget</th>
                <th scope="col">Spend to date</th>
                <th scope="col">Ideal to date</th>
                <th scope="col">Forecast</th>
                <th scope="col">Forecast range</th>
              </tr>
            </thead>
            <tbody>
              {series.days.map((d) => (
                <tr key={d.date}>
                  <th scope="row">{d.date}</th>
                  <td>{money(d.spend)}</td>
                  <td>{money(d.dailyBudget)}</td>
                  <td>{money(d.cumulativeSpend)}</td>
                  <td>{money(d.ideal)}</td>
                  <td>{money(d.forecast)}</td>
                  <td>
                    {d.forecastLow === null ? "–" : `${money(d.forecastLow)} – ${money(d.forecastHigh)}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
