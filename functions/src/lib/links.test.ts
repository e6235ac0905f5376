import { beforeAll, describe, expect, it } from "vitest";
import { resetAppSecrets } from "./config.ts";
import {
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
