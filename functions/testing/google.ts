import {
  approveConsent,
  identityIssuer,
  type SandboxHandle,
  sandboxClient,
  startSandbox,
} from "@pacer/sandbox";
import { afterAll, beforeAll } from "vitest";
import { resetAppSecrets } from "../src/lib/config.ts";
import { resetGoogleVerifier } from "../src/lib/google.ts";

/**
 * Starts the sandbox's Google identity issuer for a test file and points Google sign-in at it
 * (`GOOGLE_ISSUER`, `GOOGLE_JWKS_URI`, `GOOGLE_CLIENT_ID`), as the local runtime does. `idToken`
 * plays the user on the sandbox consent page and returns the RS256 ID token Google would give the
 * web app's "Sign in with Google" button.
 */
export function useGoogleSandbox(): { idToken(email: string, name?: string): Promise<string> } {
  let sandbox: SandboxHandle | undefined;
  const saved = { ...process.env };
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
    const issuer = identityIssuer(sandbox.url);
    process.env.GOOGLE_ISSUER = issuer;
    process.env.GOOGLE_JWKS_URI = `${issuer}/oauth2/v3/certs`;
    process.env.GOOGLE_CLIENT_ID = sandboxClient("google-identity").clientId;
    resetAppSecrets();
    resetGoogleVerifier();
  });
  afterAll(async () => {
    await sandbox?.close();
    for (const key of ["GOOGLE_ISSUER", "GOOGLE_JWKS_URI", "GOOGLE_CLIENT_ID"]) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
    resetAppSecrets();
    resetGoogleVerifier();
  });
  return {
    idToken: async (email: string) => {
      if (!sandbox) throw new Error("The Google sandbox is not started");
      const url = new URL(`${identityIssuer(sandbox.url)}/o/oauth2/v2/auth`);
      url.search = new URLSearchParams({
        client_id: sandboxClient("google-identity").clientId,
        redirect_uri: "http://localhost:3000/login",
        response_type: "id_token",
        scope: "openid email profile",
        nonce: "n",
        state: "s",
      }).toString();
      const back = await approveConsent(url.toString(), { email });
      const token = new URLSearchParams(back.hash.slice(1)).get("id_token");
      if (!token) throw new Error("The sandbox gave no ID token");
      return token;
    },
  };
}
