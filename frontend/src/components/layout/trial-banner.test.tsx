import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TrialBanner } from "./trial-banner";

describe("TrialBanner", () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("moves from days to hours to expired as time passes, and opens the billing portal on click", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-03-10T12:00:00Z"));
    const onUpgrade = vi.fn();
    render(<TrialBanner endDate="2026-03-11T14:00:00Z" onUpgrade={onUpgrade} />);
    expect(screen.getByRole("button").textContent).toContain("2 days left of your free trial");

    act(() => vi.advanceTimersByTime(4 * 3_600_000));
    expect(screen.getByRole("button").textContent).toContain("22 hours left of your free trial");

    act(() => vi.advanceTimersByTime(23 * 3_600_000));
    expect(screen.getByRole("button").textContent).toContain("Your free trial has expired");

    fireEvent.click(screen.getByRole("button"));
    expect(onUpgrade).toHaveBeenCalledOnce();
  });
});
