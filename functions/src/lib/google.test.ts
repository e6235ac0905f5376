import { installLocalAdapters } from "@pacer/local/adapters";
import { beforeEach, describe, expect, it } from "vitest";
import { resetAppSecrets } from "./config.ts";
import { googleConfig } from "./google.ts";
import { resetRuntimeAdapters } from "./runtime-adapters.ts";

beforeEach(() => {
  process.env.JWT_SECRET = "unit-tests-only-secret-0123456789abcdef";
  delete process.env.GOOGLE_CLIENT_ID;
  resetAppSecrets();
  resetRuntimeAdapters();
});

describe("Google sign-in configuration", () => {
  it("defaults to Google, with the client id of the app secret", async () => {
    process.env.GOOGLE_CLIENT_ID = "123.apps.googleusercontent.com";
    resetAppSecrets();
    expect(await googleConfig({})).toEqual({
      issuers: ["https://accounts.google.com", "accounts.google.com"],
      jwksUri: "https://www.googleapis.com/oauth2/v3/certs",
      authorizeUrl: "https://accounts.google.com/o/oauth2/v2/auth",
      clientId: "123.apps.googleusercontent.com",
    });
  });

  it("locally, with the sandbox running, points at the sandbox's Google identity issuer", async () => {
    installLocalAdapters();
    expect(await googleConfig({ PACER_SANDBOX_URL: "http://127.0.0.1:4100/" })).toEqual({
      issuers: ["http://127.0.0.1:4100/google-identity"],
      jwksUri: "http://127.0.0.1:4100/google-identity/oauth2/v3/certs",
      authorizeUrl: "http://127.0.0.1:4100/google-identity/o/oauth2/v2/auth",
      clientId: "sandbox-google-identity-client",
    });
  });

  it("is not configured on AWS without a client id, even with a sandbox URL", async () => {
    expect((await googleConfig({ PACER_SANDBOX_URL: "http://127.0.0.1:4100" })).clientId).toBeUndefined();
  });
});
