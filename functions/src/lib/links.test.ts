import { beforeAll, describe, expect, it } from "vitest";
import { resetAppSecrets } from "./config.ts";
import {
  checkEmailConfirmationToken,
  EMAIL_CONFIRMATION_LIFETIME_SECONDS,
  emailConfirmationToken,
  emailConfirmationUrl,
  invitationUrl,
  resetPasswordUrl,
  unsubscribeToken,
  unsubscribeUrl,
  verifyUnsubscribeToken,
} from "./links.ts";

beforeAll(() => {
  process.env.JWT_SECRET = "unit-tests-only-secret-0123456789abcdef";
  process.env.APP_ORIGIN = "https://app.pacer.test/";
  resetAppSecrets();
});

describe("e-mailed links", () => {
  it("are built from APP_ORIGIN", async () => {
    expect(resetPasswordUrl("abc_-1")).toBe("https://app.pacer.test/reset-password/abc_-1");
    expect(invitationUrl("acc-1", "Manager", undefined, "inv.sec")).toBe(
      "https://app.pacer.test/register-invited-user/acc-1/Manager/false?invite=inv.sec",
    );
    expect(invitationUrl("acc-1", "Viewer", "a+b@x.test", "i.s")).toContain(
      "/acc-1/Viewer/a%2Bb%40x.test?invite=i.s",
    );
    expect(await unsubscribeUrl("u-1")).toMatch(
      /^https:\/\/app\.pacer\.test\/unsubscribe-all-emails\/u-1\.[\w-]{43}$/,
    );
  });

  it("the unsubscribe value verifies for its user only", async () => {
    const value = await unsubscribeToken("user-1");
    expect(await verifyUnsubscribeToken(value)).toBe("user-1");
    const mac = value.split(".")[1];
    expect(await verifyUnsubscribeToken(`user-2.${mac}`)).toBeUndefined();
    expect(await verifyUnsubscribeToken("user-1")).toBeUndefined();
    expect(await verifyUnsubscribeToken(`${value}x`)).toBeUndefined();
  });
});

describe("e-mail confirmation links", () => {
  const ada = { userId: "u-ada", email: "ada@example.test" };
  const emailOf = async (userId: string) => (userId === ada.userId ? ada.email : undefined);
  const now = new Date("2026-03-10T10:00:00Z");

  it("confirm the address they were sent to, for 7 days", async () => {
    const token = await emailConfirmationToken(ada, now);
    expect(await emailConfirmationUrl(ada, now)).toBe(
      `https://app.pacer.test/api/auth/confirm-email/${encodeURIComponent(token)}`,
    );
    expect(await checkEmailConfirmationToken(token, emailOf, now)).toEqual({
      state: "valid",
      userId: "u-ada",
    });
    const later = new Date(now.getTime() + EMAIL_CONFIRMATION_LIFETIME_SECONDS * 1000);
    expect(await checkEmailConfirmationToken(token, emailOf, later)).toEqual({ state: "expired" });
  });

  it("are worthless once altered, for another address or for an unknown user", async () => {
    const token = await emailConfirmationToken(ada, now);
    const [userId, expires, mac] = token.split(".");
    const check = (value: string, lookup = emailOf) => checkEmailConfirmationToken(value, lookup, now);
    expect(await check(`${userId}.${Number(expires) + 86_400}.${mac}`)).toEqual({ state: "invalid" });
    expect(await check(`u-bob.${expires}.${mac}`)).toEqual({ state: "invalid" });
    expect(await check(token, async () => "someone-else@example.test")).toEqual({ state: "invalid" });
    expect(await check(`${token}.extra`)).toEqual({ state: "invalid" });
    expect(await check("not-a-token")).toEqual({ state: "invalid" });
  });
});
