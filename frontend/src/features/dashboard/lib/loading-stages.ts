import { useEffect, useState } from "react";

/**
 * The table loading messages by stage (spec trackers.md section 2; pods-budgets... 2.3 and 2.6):
 * the table's own first message, 'Almost there...', 'Aggregating & formatting data...', then
 * 'This seems to be taking a little longer than usual...'. The spec gives no timings; decision: each
 * stage starts at these seconds of loading.
 */
export const STAGE_STARTS_MS = [0, 2_500, 5_000, 10_000] as const;

export const LATER_STAGES = [
  "Almost there...",
  "Aggregating & formatting data...",
  "This seems to be taking a little longer than usual...",
] as const;

export const FIRST_STAGE = {
  trackers: "Loading trackers...",
  pods: "Loading pods...",
  sharedBudgets: "Loading shared budgets...",
} as const;

/** The failure text of every dashboard table. */
export const LOAD_FAILURE =
  "Something went wrong when loading your trackers, please refresh and try again ...";

/** The stage message after `elapsedMs` of loading. */
export function stageMessage(first: string, elapsedMs: number): string {
  let stage = 0;
  for (let i = 0; i < STAGE_STARTS_MS.length; i++) if (elapsedMs >= (STAGE_STARTS_MS[i] as number)) stage = i;
  return stage === 0 ? first : (LATER_STAGES[stage - 1] as string);
}

/** The message to show while `loading`, moving through the stages. */
export function useLoadingMessage(first: string, loading: boolean): string {
  const [start, setStart] = useState(() => Date.now());
  const [now, setNow] = useState(start);
  // Loading starts again (e.g. another view's list): the stages start again.
  const [wasLoading, setWasLoading] = useState(loading);
  if (loading !== wasLoading) {
    setWasLoading(loading);
    if (loading) {
      const t = Date.now();
      setStart(t);
      setNow(t);
    }
  }
  useEffect(() => {
    if (!loading) return;
    const timers = STAGE_STARTS_MS.slice(1).map((at) =>
      setTimeout(() => setNow(Date.now()), Math.max(0, at - (Date.now() - start))),
    );
    return () => {
      for (const t of timers) clearTimeout(t);
    };
  }, [loading, start]);
  return stageMessage(first, now - start);
}
