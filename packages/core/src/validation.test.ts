import { describe, expect, it } from "vitest";
import { budgetCalendar } from "./calendar.ts";
import {
  AMOUNT_INPUT_TEXT,
  allocationTotalError,
  budgetAmountInputSchema,
  budgetUpdateSchema,
  canConnectCake,
  canInviteByEmail,
  canUpdateUser,
  changePasswordFailures,
  checkFilterPick,
  checkResetPassword,
  DATE_FORMAT_TEXT,
  dailyRowSchema,
  emailFieldError,
  futureBudgetSchema,
  isValidEmail,
  isValidPassword,
  LIFETIME_DATE_TEXTS,
  lifetimeBudgetFormSchema,
  lifetimeBudgetSchema,
  lifetimeDatesError,
  normalizeLoginEmail,
  podFormErrors,
  podFormSchema,
  sharedBudgetFormErrors,
  sharedBudgetFormSchema,
  toggleOverUnderSpendOption,
} from "./validation.ts";

describe("Change Password modal (overview-access-account.md section 5: 8+, uppercase, digit)", () => {
  const ok = { oldPassword: "old", newPassword: "Secret12", confirmPassword: "Secret12" };
  it.each<[string, Partial<typeof ok>, string[]]>([
    ["a valid change", {}, []],
    [
      "7 characters is too short (length must be greater than 7)",
      { newPassword: "Secre12", confirmPassword: "Secre12" },
      ["minLength"],
    ],
    ["no uppercase letter", { newPassword: "secret12", confirmPassword: "secret12" }, ["uppercase"]],
    ["a non-Latin uppercase letter counts", { newPassword: "Ωsecret12", confirmPassword: "Ωsecret12" }, []],
    ["no digit", { newPassword: "Secretss", confirmPassword: "Secretss" }, ["digit"]],
    ["old password required", { oldPassword: "" }, ["oldPasswordRequired"]],
    ["confirmation required", { confirmPassword: "" }, ["confirmationRequired"]],
    ["confirmation must match", { confirmPassword: "Secret13" }, ["confirmationMismatch"]],
    [
      "everything wrong",
      { oldPassword: "", newPassword: "abc", confirmPassword: "" },
      ["oldPasswordRequired", "minLength", "uppercase", "digit", "confirmationRequired"],
    ],
  ])("%s", (_rule, change, failures) => {
    expect(changePasswordFailures({ ...ok, ...change })).toEqual(failures);
  });
});

describe("passwords elsewhere (login, reset, registration: 6+)", () => {
  it.each([
    ["12345", false],
    ["123456", true],
    ["", false],
  ])("%j valid: %s", (pw, valid) => {
    expect(isValidPassword(pw)).toBe(valid);
  });

  it.each([
    ["", "", { canSubmit: false, message: null }],
    ["secret1", "", { canSubmit: false, message: null }],
    ["secret1", "secret2", { canSubmit: false, message: "New passwords do not match" }],
    ["abc", "abc", { canSubmit: false, message: null }],
    ["secret1", "secret1", { canSubmit: true, message: null }],
  ])("reset from link %j / %j (overview-access-account.md section 2.4)", (pw, confirm, expected) => {
    expect(checkResetPassword(pw, confirm)).toEqual(expected);
  });
});

describe("e-mail validation (overview-access-account.md section 5)", () => {
  it.each([
    ["jo@example.com", true],
    ["jo.smith+ads@sub.example.co.uk", true],
    [" jo@example.com ", true],
    ["jo@example", false],
    ["jo@@example.com", false],
    ["jo example@x.com", false],
    ["", false],
    ["@example.com", false],
  ])("%j valid: %s", (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
    expect(canInviteByEmail(email)).toBe(valid);
  });

  it("shows 'Invalid Email' once non-empty, touched and invalid", () => {
    expect(emailFieldError("jo@", true)).toBe("Invalid Email");
    expect(emailFieldError("jo@", false)).toBeNull();
    expect(emailFieldError("", true)).toBeNull();
    expect(emailFieldError("jo@example.com", true)).toBeNull();
  });

  it("lowercases the login e-mail", () => {
    expect(normalizeLoginEmail(" Jo@Example.COM ")).toBe("jo@example.com");
  });
});

describe("filters (trackers.md section 5)", () => {
  it("blocks picks beyond maxSelection with the spec's text", () => {
    expect(checkFilterPick("Campaign", 2, 3)).toEqual({ ok: true });
    expect(checkFilterPick("Campaign", 3, 3)).toEqual({
      ok: false,
      message: "Maximum selections for Campaign is 3",
    });
    expect(checkFilterPick("Campaign", 300, null)).toEqual({ ok: true });
  });
});

describe("budget inputs and lifetime dates (trackers.md sections 2 and 5)", () => {
  const cal = budgetCalendar(new Date("2024-03-15T12:00:00Z"), "Europe/London");

  it.each([
    [{ startDate: "2024-02-01", endDate: null }, null],
    [{ startDate: "2024-02-01", endDate: "2024-02-01" }, null],
    [{ startDate: "2024-01-01", endDate: "2024-01-31" }, LIFETIME_DATE_TEXTS.endBeforePreviousMonth],
    [{ startDate: "2024-03-10", endDate: "2024-03-01" }, LIFETIME_DATE_TEXTS.endBeforeStart],
  ])("%j -> %s (the end cannot be earlier than the start of the previous month)", (dates, error) => {
    expect(lifetimeDatesError(dates, cal)).toBe(error);
  });

  it("accepts budgets of 0 and more, in integer micros", () => {
    expect(budgetUpdateSchema.safeParse({ budget: 0, budgetPeriod: "day" }).success).toBe(true);
    expect(budgetUpdateSchema.safeParse({ budget: -1, budgetPeriod: "day" }).success).toBe(false);
    expect(budgetUpdateSchema.safeParse({ budget: 1.5, budgetPeriod: "month" }).success).toBe(false);
    expect(budgetUpdateSchema.safeParse({ budget: 1, budgetPeriod: "week" }).success).toBe(false);
    expect(
      lifetimeBudgetSchema.safeParse({
        lifetimeBudget: 0,
        lifetimeBudgetDates: { startDate: "2024-02-01", endDate: null },
      }).success,
    ).toBe(true);
    expect(
      lifetimeBudgetSchema
        .safeParse({
          lifetimeBudget: -1,
          lifetimeBudgetDates: { startDate: "2024-02-30", endDate: null },
        })
        .error?.issues.map((i) => i.path.join(".")),
    ).toEqual(["lifetimeBudget", "lifetimeBudgetDates.startDate"]);
    expect(
      futureBudgetSchema.safeParse({ month: "2024-04-01", budget: false, budgetPeriod: false }).success,
    ).toBe(true);
    expect(
      dailyRowSchema.safeParse({
        date: "2024-04-01",
        spendMicros: 1.5,
        impressions: 0,
        clicks: 0,
        conversions: 0,
        revenueMicros: 0,
      }).success,
    ).toBe(false);
  });

  it("turns the other over/under spend option off (mutually exclusive)", () => {
    expect(toggleOverUnderSpendOption("lastMonth", true, { lastMonth: false, lastSixMonths: true })).toEqual({
      lastMonth: true,
      lastSixMonths: false,
    });
    expect(
      toggleOverUnderSpendOption("lastSixMonths", true, { lastMonth: true, lastSixMonths: false }),
    ).toEqual({
      lastMonth: false,
      lastSixMonths: true,
    });
    expect(
      toggleOverUnderSpendOption("lastSixMonths", false, { lastMonth: false, lastSixMonths: true }),
    ).toEqual({
      lastMonth: false,
      lastSixMonths: false,
    });
  });
});

describe("pods and shared budgets (pods-budgets-alerts-users-connections.md section 5)", () => {
  it.each([
    [{ name: "North", trackers: ["t1"] }, {}],
    [{ name: "  ", trackers: ["t1"] }, { name: "Must provide a tracker name" }],
    [{ name: "North", trackers: [] }, { trackers: "Must select at least 1 tracker" }],
  ])("pod form %j -> %j", (form, errors) => {
    expect(podFormErrors(form)).toEqual(errors);
    expect(podFormSchema.safeParse(form).success).toBe(Object.keys(errors).length === 0);
  });

  it.each([
    [{ name: "Q2", trackers: ["t1"] }, {}],
    [{ name: "", trackers: ["t1"] }, { name: "Must provide a Budget Name" }],
    [{ name: "Q2", trackers: [] }, { trackers: "Must select at least 1 Tracker" }],
  ])("shared budget form %j -> %j", (form, errors) => {
    expect(sharedBudgetFormErrors(form)).toEqual(errors);
  });

  it("validates a shared budget payload: budget >= 0, percentages 0..100", () => {
    const valid = {
      name: "Q2",
      budget: 0,
      allocatedBudgetAsAPercentage: true,
      trackers: [{ _id: "t1", budgetAllocation: 100 }],
    };
    expect(sharedBudgetFormSchema.safeParse(valid).success).toBe(true);
    expect(sharedBudgetFormSchema.safeParse({ ...valid, budget: -1 }).success).toBe(false);
    expect(
      sharedBudgetFormSchema.safeParse({ ...valid, trackers: [{ _id: "t1", budgetAllocation: 101 }] })
        .success,
    ).toBe(false);
    expect(sharedBudgetFormSchema.safeParse({ ...valid, trackers: [] }).error?.issues[0]?.message).toBe(
      "Must select at least 1 Tracker",
    );
  });

  it("refuses allocations that add up to more than the budget, with the sum, on trackers", () => {
    const base = { name: "Q2", budget: 10_000_000_000, hasManualAllocationBeenSet: true };
    const percent = sharedBudgetFormSchema.safeParse({
      ...base,
      allocatedBudgetAsAPercentage: true,
      trackers: [
        { _id: "t1", budgetAllocation: 70 },
        { _id: "t2", budgetAllocation: 50.5 },
      ],
    });
    expect(percent.error?.issues).toEqual([
      expect.objectContaining({
        path: ["trackers"],
        message: "Allocations add up to 120.50%, more than 100%",
      }),
    ]);
    const money = sharedBudgetFormSchema.safeParse({
      ...base,
      allocatedBudgetAsAPercentage: false,
      trackers: [
        { _id: "t1", budgetAllocationMoney: 7_000_000_000 },
        { _id: "t2", budgetAllocationMoney: 5_500_500_000 },
      ],
    });
    expect(money.error?.issues[0]?.message).toBe(
      "Allocations add up to 12,500.50, more than the Monthly Budget of 10,000",
    );
    const fits = {
      ...base,
      allocatedBudgetAsAPercentage: true,
      trackers: [{ _id: "t1", budgetAllocation: 100 }],
    };
    expect(sharedBudgetFormSchema.safeParse(fits).success).toBe(true);
    expect(allocationTotalError({ ...fits, budget: 1 })).toBeNull();
  });
});

describe("users and connections (pods-budgets-alerts-users-connections.md section 5)", () => {
  it("enables Edit User's UPDATE when the name is non-empty and something changed", () => {
    const original = { name: "Jo", userType: "Manager" };
    expect(canUpdateUser(original, original)).toBe(false);
    expect(canUpdateUser({ name: "Jo", userType: "Viewer" }, original)).toBe(true);
    expect(canUpdateUser({ name: "", userType: "Viewer" }, original)).toBe(false);
  });

  it("needs both Cake fields", () => {
    expect(canConnectCake("key", "example.com")).toBe(true);
    expect(canConnectCake("key", " ")).toBe(false);
    expect(canConnectCake("", "example.com")).toBe(false);
  });
});

describe("form amounts and the lifetime budget form (trackers.md sections 2 and 5)", () => {
  it("accepts an empty amount as 0 and numbers with commas, refuses text and negative amounts", () => {
    expect(budgetAmountInputSchema.parse("")).toBe(0);
    expect(budgetAmountInputSchema.parse("1,500.5")).toBe(1_500_500_000);
    for (const bad of ["abc", "12a", "-5", ".", "-"])
      expect(budgetAmountInputSchema.safeParse(bad).error?.issues[0]?.message).toBe(AMOUNT_INPUT_TEXT);
  });

  it("turns the typed lifetime budget into the update payload, with the date rules", () => {
    const calendar = budgetCalendar(new Date("2026-11-15T12:00:00Z"), "Europe/London");
    const schema = lifetimeBudgetFormSchema(calendar);
    expect(schema.parse({ lifetimeBudget: "2,000", startDate: "01/10/2026", endDate: "" })).toEqual({
      lifetimeBudget: 2_000_000_000,
      lifetimeBudgetDates: { startDate: "2026-10-01", endDate: null },
    });
    const issues = (input: Record<string, string>) =>
      schema.safeParse(input).error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(issues({ lifetimeBudget: "abc", startDate: "01/10/2026", endDate: "30/11/2026" })).toEqual([
      ["lifetimeBudget", AMOUNT_INPUT_TEXT],
    ]);
    expect(issues({ lifetimeBudget: "10", startDate: "31/02/2026", endDate: "" })).toEqual([
      ["startDate", DATE_FORMAT_TEXT],
    ]);
    expect(issues({ lifetimeBudget: "10", startDate: "01/10/2026", endDate: "01/09/2026" })).toEqual([
      ["endDate", LIFETIME_DATE_TEXTS.endBeforePreviousMonth],
    ]);
  });
});
