import { useEffect, useRef } from "react";

/** Runs `effect` once after the first render (arrival on a page), with the values of that render. */
export function useMountEffect(effect: () => void): void {
  const ref = useRef(effect);
  const done = useRef(false);
  ref.current = effect;
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    ref.current();
  }, []);
}
