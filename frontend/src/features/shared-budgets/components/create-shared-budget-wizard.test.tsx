import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CreateSharedBudgetWizard } from "./create-shared-budget-wizard";

afterEach(cleanup);

function renderWizard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CreateSharedBudgetWizard
        accountId="a1"
        currency="GBP"
        trackers={[{ _id: "t1", name: "North Search", client: "Acme", channel: "googleads" }]}
        onClose={() => undefined}
      />
    </QueryClientProvider>,
  );
}

describe("Create Shared Budget", () => {
  it("refuses a monthly budget that is not a number, beside the field, and does not go on", async () => {
    renderWizard();
    fireEvent.change(screen.getByLabelText("Budget Name"), { target: { value: "Q4 Search" } });
    fireEvent.change(screen.getByLabelText("Monthly Budget"), { target: { value: "abc" } });
    await screen.findByText("Enter an amount of 0 or more, e.g. 1500 or 1,500.50");
    expect(screen.getByRole("button", { name: "PROCEED" })).toHaveProperty("disabled", true);

    fireEvent.change(screen.getByLabelText("Monthly Budget"), { target: { value: "6,000" } });
    await expect.poll(() => screen.queryByText(/Enter an amount/)).toBeNull();
    expect(screen.getByRole("button", { name: "PROCEED" })).toHaveProperty("disabled", false);
  });
});
