import { describe, expect, it } from "vitest";
import { ENV_DEFAULTS } from "./env-defaults";
import { buildEnv } from "./env-schema";

describe("the build-time settings", () => {
  it("take the defaults for settings a build leaves unset or empty", () => {
    expect(buildEnv({})).toEqual(ENV_DEFAULTS);
    expect(buildEnv({ VITE_SUPPORT_CENTER_URL: "", VITE_SUPPORT_EMAIL: "" })).toEqual(ENV_DEFAULTS);
  });

  it("keep a deployment's valid links", () => {
    const vars = {
      VITE_SUPPORT_CENTER_URL: "https://help.agency.test/",
      VITE_SUPPORT_EMAIL: "help@agency.test",
    };

    expect(buildEnv(vars)).toEqual(vars);
  });

  it("refuse a support address that is not an e-mail address, and a support centre that is not a URL", () => {
    expect(() => buildEnv({ VITE_SUPPORT_EMAIL: "not an address" })).toThrow(/VITE_SUPPORT_EMAIL/);
    expect(() => buildEnv({ VITE_SUPPORT_CENTER_URL: "help centre" })).toThrow(/VITE_SUPPORT_CENTER_URL/);
  });
});
