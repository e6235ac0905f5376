import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Account } from "../../../lib/auth";
import { DashboardHeader, monthToDateLabel } from "./dashboard-header";

const LAST_RUN = new Date(2026, 10, 27, 9, 5).toISOString();
const ACCOUNT = { _id: "account-1", lastDashboardRunDate: LAST_RUN, hourlyCycle: 2 } as unknown as Account;

afterEach(cleanup);

describe("DashboardHeader", () => {
  it("says 'updating now....' while the trackers load", () => {
    render(<DashboardHeader name="Ada" account={ACCOUNT} loading />);
    expect(screen.getByRole("heading", { name: "Hello, Ada" })).toBeTruthy();
    expect(screen.getByText("updating now....")).toBeTruthy();
    expect(screen.queryByText(/Last updated/)).toBeNull();
  });

  it("shows the last run and the next update (last run plus the hourly cycle) once loaded", () => {
    render(<DashboardHeader name="Ada" account={ACCOUNT} loading={false} />);
    expect(screen.getByText("Last updated: 27/11/2026, 09:05")).toBeTruthy();
    expect(screen.getByText("Next update: 27/11/2026, 11:05")).toBeTruthy();
  });

  it("labels the month to date from the first of the month to today, in the browser's time zone", () => {
    // Local times: the test runner's zone stands for the browser's.
    expect(monthToDateLabel(new Date(2026, 10, 27, 9, 5))).toBe("01/11/2026 - 27/11/2026");
    expect(monthToDateLabel(new Date(2026, 0, 1, 0, 0, 1))).toBe("01/01/2026 - 01/01/2026");
    expect(monthToDateLabel(new Date(2028, 1, 29, 23, 59, 59))).toBe("01/02/2028 - 29/02/2028");
  });

  it("shows the month-to-date label of the day it renders in the header", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date(2026, 10, 27, 23, 59));
      render(<DashboardHeader name="Ada" account={ACCOUNT} loading />);
      expect(screen.getByText("01/11/2026 - 27/11/2026")).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
