import { describe, expect, it } from "vitest";
import { decodeState, encodeState, GOOGLE_RETURN_PATH, isGoogleStartPath } from "./google-sign-in";

describe("Google sign-in state", () => {
  it("returns to the one redirect path, /login", () => {
    expect(GOOGLE_RETURN_PATH).toBe("/login");
  });

  it("carries the start page, with its query, through the state", () => {
    for (const path of [
      "/login",
      "/register",
      "/register/SPRING24",
      "/register-referral/acme-3-mnths",
      "/register-invited-user/acc-1/Manager/false?invite=abc%2Bdef",
    ]) {
      expect(decodeState(encodeState("k1", path), "k1")).toBe(path);
    }
  });

  it("refuses a state this tab did not send", () => {
    const state = encodeState("k1", "/register/SPRING24");
    expect(decodeState(state, "k2")).toBeNull();
    expect(decodeState(null, "k1")).toBeNull();
    expect(decodeState("k1", "k1")).toBeNull();
  });

  it("goes on only to the login and registration pages of this app", () => {
    expect(isGoogleStartPath("/dashboard")).toBe(false);
    expect(isGoogleStartPath("//evil.example/register")).toBe(false);
    expect(isGoogleStartPath("https://evil.example/login")).toBe(false);
    expect(decodeState(encodeState("k1", "/users"), "k1")).toBeNull();
    expect(decodeState(encodeState("k1", "//evil.example"), "k1")).toBeNull();
  });
});
