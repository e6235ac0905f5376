import { decodeProtectedHeader } from "jose";
import { describe, expect, it } from "vitest";
import { sealExchangeMaterial, unsealExchangeMaterial } from "./state-seal.ts";

const STATE = "c3RhdGUtb2YtMTkyLWJpdHMtb2YtcmFuZG9t";

describe("sealed exchange material (PKCE verifier, OAuth 1.0a request-token secret)", () => {
  it("is a compact JWE (dir, A256GCM) that only the same state and platform open", async () => {
    const sealed = await sealExchangeMaterial(STATE, "googleads", { codeVerifier: "verifier-123" });
    expect(decodeProtectedHeader(sealed)).toEqual({ alg: "dir", enc: "A256GCM" });
    expect(sealed).not.toContain("verifier-123");
    expect(await unsealExchangeMaterial(STATE, "googleads", sealed)).toEqual({
      codeVerifier: "verifier-123",
    });
    await expect(unsealExchangeMaterial(`${STATE}x`, "googleads", sealed)).rejects.toThrow();
    await expect(unsealExchangeMaterial(STATE, "googledv360", sealed)).rejects.toThrow();
  });

  it("refuses a tampered value", async () => {
    const sealed = await sealExchangeMaterial(STATE, "twitterads", { requestTokenSecret: "secret" });
    const parts = sealed.split(".");
    const cipher = parts[3] ?? "";
    parts[3] = `${cipher.charAt(0) === "A" ? "B" : "A"}${cipher.slice(1)}`;
    await expect(unsealExchangeMaterial(STATE, "twitterads", parts.join("."))).rejects.toThrow();
  });
});
