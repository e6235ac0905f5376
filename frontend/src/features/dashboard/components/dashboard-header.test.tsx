import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Account } from "../../../lib/auth";
import { DashboardHeader } from "./dashboard-header";

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
});
