import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChangePasswordModal } from "./change-password-modal";
import { PasswordChecklist } from "./password-checklist";

vi.mock("../api/account", () => ({ useChangePassword: () => ({ mutate: vi.fn(), isPending: false }) }));

afterEach(cleanup);

function ticked(): string[] {
  const list = screen.getByRole("list", { name: "Password rules" });
  return within(list)
    .getAllByRole("listitem")
    .filter((li) => li.classList.contains("ok"))
    .map((li) => li.textContent?.replace(/ \(done\)$/, "") ?? "");
}

describe("PasswordChecklist", () => {
  it("ticks each rule as it holds", () => {
    const { rerender } = render(
      <PasswordChecklist input={{ oldPassword: "", newPassword: "", confirmPassword: "" }} />,
    );
    expect(ticked()).toEqual([]);
    rerender(
      <PasswordChecklist input={{ oldPassword: "x", newPassword: "abcdefgh", confirmPassword: "" }} />,
    );
    expect(ticked()).toEqual(["At least 8 characters"]);
    rerender(
      <PasswordChecklist
        input={{ oldPassword: "x", newPassword: "Abcdefg1", confirmPassword: "Abcdefg2" }}
      />,
    );
    expect(ticked()).toEqual(["At least 8 characters", "One uppercase letter", "One number"]);
    rerender(
      <PasswordChecklist
        input={{ oldPassword: "x", newPassword: "Abcdefg1", confirmPassword: "Abcdefg1" }}
      />,
    );
    expect(ticked()).toHaveLength(4);
  });
});

describe("ChangePasswordModal", () => {
  it("keeps Change Password disabled until the old password is given and every rule holds", async () => {
    render(<ChangePasswordModal onClose={() => undefined} />);
    const submit = () => screen.getByRole("button", { name: "Change Password" });
    // Each change is checked with the shared schema, asynchronously: let it settle before looking.
    const type = (label: string, value: string) =>
      act(async () => {
        fireEvent.change(screen.getByLabelText(label), { target: { value } });
        await new Promise((done) => setTimeout(done, 20));
      });
    expect(submit()).toHaveProperty("disabled", true);
    await type("New password", "Abcdefg1");
    await type("Confirm new password", "Abcdefg1");
    expect(submit()).toHaveProperty("disabled", true);
    await type("Old password", "old-one");
    expect(submit()).toHaveProperty("disabled", false);
    await type("Confirm new password", "Abcdefg");
    expect(submit()).toHaveProperty("disabled", true);
  });
});
