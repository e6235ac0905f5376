import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CurrentUser } from "../../../lib/auth";
import { AccountSettingsForm } from "./account-settings-form";

const { preferences, unused } = vi.hoisted(() => ({
  preferences: vi.fn((_change: unknown) => Promise.resolve({ msg: "ok" })),
  unused: () => ({ mutateAsync: () => Promise.resolve({}), isPending: false }),
}));

vi.mock("../api/account", () => ({
  useUpdateAccountName: unused,
  useUpdateAccountCurrency: unused,
  useUpdateUserName: unused,
  useUpdateNotificationPreferences: () => ({ mutateAsync: preferences, isPending: false }),
}));
vi.mock("../../../lib/notify", () => ({ notify: { success: vi.fn(), danger: vi.fn() } }));

afterEach(cleanup);
beforeEach(() => preferences.mockClear());

const aUser = (notificationPreferences?: CurrentUser["notificationPreferences"]): CurrentUser => ({
  _id: "u1",
  name: "Ana",
  email: "ana@example.test",
  userType: "Manager",
  account: { _id: "a1", name: "Acme", currency: "GBP" } as CurrentUser["account"],
  ...(notificationPreferences ? { notificationPreferences } : {}),
});

function renderForm(user: CurrentUser) {
  render(
    <AccountSettingsForm
      user={user}
      onChangeAvatar={vi.fn()}
      onChangePassword={vi.fn()}
      onLogout={vi.fn()}
    />,
  );
  return {
    digest: screen.getByLabelText("Pacing digest") as HTMLSelectElement,
    save: () => act(async () => fireEvent.click(screen.getByRole("button", { name: "SAVE CHANGES" }))),
  };
}

describe("Pacing digest preference", () => {
  it("offers off, daily and weekly, off by default", () => {
    const { digest } = renderForm(aUser());

    expect([...digest.options].map((o) => o.textContent)).toEqual(["Off", "Daily", "Weekly (Mondays)"]);
    expect(digest.value).toBe("off");
  });

  it("sends only the digest choice when it alone changed", async () => {
    const { digest, save } = renderForm(aUser({ digest: "daily" }));
    expect(digest.value).toBe("daily");

    fireEvent.change(digest, { target: { value: "weekly" } });
    await save();

    expect(preferences).toHaveBeenCalledTimes(1);
    expect(preferences).toHaveBeenCalledWith({ digest: "weekly" });
  });

  it("sends the e-mail switch and the digest together in one call", async () => {
    const { digest, save } = renderForm(aUser({ unsubscribedAll: true }));

    fireEvent.click(screen.getByRole("switch", { name: "Email Notifications" }));
    fireEvent.change(digest, { target: { value: "daily" } });
    await save();

    expect(preferences).toHaveBeenCalledWith({ unsubscribedAll: false, digest: "daily" });
  });
});
