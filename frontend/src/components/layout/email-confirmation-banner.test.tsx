import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type CurrentUser, userQueryKey } from "../../lib/auth";
import { EmailConfirmationBanner, EmailConfirmationNotice } from "./email-confirmation-banner";

const aUser = (over: Partial<CurrentUser> = {}, pending = true): CurrentUser => ({
  _id: "u1",
  name: "Ada",
  email: "ada@example.test",
  userType: "Admin",
  emailConfirmed: false,
  account: { _id: "a1", name: "Acme", emailConfirmationPending: pending },
  ...over,
});

function renderNotice(user: CurrentUser) {
  const client = new QueryClient();
  client.setQueryData(userQueryKey, user);
  return render(
    <QueryClientProvider client={client}>
      <EmailConfirmationNotice />
    </QueryClientProvider>,
  );
}

describe("EmailConfirmationBanner", () => {
  afterEach(cleanup);

  it("tells an unconfirmed Admin that alert and invitation e-mails wait for their confirmation, and resends it", () => {
    const onResend = vi.fn();
    render(<EmailConfirmationBanner email="ada@example.test" canResend onResend={onResend} />);
    const banner = screen.getByRole("status", { name: "Confirm your e-mail address" });
    expect(banner.textContent).toContain(
      "Pacer sends no alert or invitation e-mails for this account until you confirm ada@example.test",
    );
    fireEvent.click(screen.getByRole("button", { name: "Resend confirmation" }));
    expect(onResend).toHaveBeenCalledOnce();
  });

  it("shows while the account's confirmation is pending: with the action for an unconfirmed Admin, without it for others", () => {
    renderNotice(aUser());
    expect(screen.getByRole("button", { name: "Resend confirmation" })).toBeTruthy();
    cleanup();
    renderNotice(aUser({ userType: "Manager" }));
    expect(screen.getByRole("status").textContent).toContain("until an Admin confirms their e-mail address");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("is absent once the account may send e-mail", () => {
    renderNotice(aUser({ emailConfirmed: true }, false));
    expect(screen.queryByRole("status")).toBeNull();
  });
});
