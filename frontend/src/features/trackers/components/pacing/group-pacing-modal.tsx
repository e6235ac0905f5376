import { type PacingSeries, sumPacingSeries } from "@pacer/core/pacing-chart";
import { useMemo } from "react";
import { Modal } from "../../../../components/ui/modal";
import { PageLoader } from "../../../../components/ui/spinner";
import { useTrackersPacing } from "../../api/pacing";
import { PacingView } from "./pacing-view";

/** A group as its pacing chart needs it: a client, pod or shared budget and its trackers. */
export interface PacingGroup {
  /** e.g. "Client Acme", "Pod North", "Shared budget Q4". */
  title: string;
  trackers: readonly { id: string; name: string }[];
  /** The group's one currency; null when its trackers mix currencies (no chart then). */
  currency: string | null;
  multiCurrency: boolean;
  /** A shared budget's own total (micros): the ideal line reaches it instead of the trackers' sum. */
  budget?: number;
}

/**
 * A client's, pod's or shared budget's pacing chart (beyond the spec): its trackers' month series
 * added up by the engine (`sumPacingSeries`), lifetime trackers included with their month. Trackers in
 * different currencies, or in time zones on different dates, cannot be added up.
 */
export function GroupPacingModal({ group, onClose }: { group: PacingGroup; onClose: () => void }) {
  const ids = useMemo(() => group.trackers.map((t) => t.id), [group.trackers]);
  const { pending, failed, data } = useTrackersPacing(group.multiCurrency ? [] : ids);
  const series = useMemo<PacingSeries | "calendars" | null>(() => {
    const members: { name: string; series: PacingSeries }[] = [];
    data.forEach((p, i) => {
      if (p) members.push({ name: group.trackers[i]?.name ?? "", series: p.month });
    });
    if (pending || failed || members.length === 0) return null;
    try {
      return sumPacingSeries(members, group.budget);
    } catch (error) {
      // Trackers in time zones on different dates: their days cannot be added up.
      if (error instanceof RangeError) return "calendars";
      throw error;
    }
  }, [pending, failed, data, group]);

  let body: React.ReactNode;
  if (group.multiCurrency)
    body = <p>This group's trackers use different currencies, so their spend cannot be added up.</p>;
  else if (group.trackers.length === 0) body = <p>This group has no trackers.</p>;
  else if (failed) body = <p className="table-failure">The pacing could not be loaded, please try again</p>;
  else if (series === "calendars")
    body = (
      <p>This group's trackers are in time zones on different dates, so their days cannot be added up.</p>
    );
  else if (!series) body = <PageLoader message="Loading pacing..." />;
  else body = <PacingView series={series} currency={group.currency} />;
  return (
    <Modal open onClose={onClose} title={`Pacing: ${group.title}`} size="lg" className="pacing-modal">
      {body}
    </Modal>
  );
}
