import { useState } from "react";
import { PageLoader } from "../../../../components/ui/spinner";
import type { TrackerDetail } from "../../../../lib/tracker-types";
import { useTrackerPacing } from "../../api/pacing";
import { PacingView } from "./pacing-view";

/**
 * The manage modal's Pacing tab (beyond the spec): the tracker's month, or its lifetime flight when
 * it has lifetime dates (the primary budget first; a switch shows the other).
 */
export function PacingTab({ tracker }: { tracker: Pick<TrackerDetail, "_id" | "currency"> }) {
  const query = useTrackerPacing(tracker._id);
  const [period, setPeriod] = useState<"month" | "lifetime" | null>(null);
  if (query.isPending) return <PageLoader message="Loading pacing..." />;
  if (!query.data) return <p className="table-failure">The pacing could not be loaded, please try again</p>;
  const pacing = query.data;
  const shown = period ?? (pacing.primary === "lifetime" && pacing.lifetime ? "lifetime" : "month");
  const series = shown === "lifetime" && pacing.lifetime ? pacing.lifetime : pacing.month;
  return (
    <div className="stack">
      {pacing.lifetime && (
        <fieldset className="segmented" aria-label="Budget period">
          {(["month", "lifetime"] as const).map((p) => (
            <label key={p} className={shown === p ? "segmented-on" : ""}>
              <input type="radio" name="pacing-period" checked={shown === p} onChange={() => setPeriod(p)} />
              {p === "month" ? "This month" : "Lifetime flight"}
            </label>
          ))}
        </fieldset>
      )}
      <PacingView series={series} currency={tracker.currency || null} />
    </div>
  );
}
