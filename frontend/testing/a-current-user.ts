import type { CurrentUser } from "../src/lib/auth";

/**
 * The signed-in user of a component test: an Admin of account `a1`, registered long ago (so the
 * 12-hour new-user rule does not apply), with only the fields the components read.
 */
export function anAdminUser(): CurrentUser {
  return {
    _id: "u1",
    name: "Ada Admin",
    email: "ada@example.test",
    userType: "Admin",
    registrationDate: "2020-01-01T00:00:00.000Z",
    account: { _id: "a1", registrationDate: "2020-01-01T00:00:00.000Z" },
  } as unknown as CurrentUser;
}
