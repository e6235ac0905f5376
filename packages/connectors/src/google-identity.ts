import type { ConfigBlock } from "./descriptor.ts";

/** "Sign in with Google" (OIDC). The server verifies ID tokens with aws-jwt-verify against `jwksUri`. */
export interface GoogleIdentityConfig {
  clientId: string;
  clientSecret: string;
  /** `https://accounts.google.com` for real Google. */
  issuer: string;
  authorizeUrl: string;
  tokenUrl: string;
  jwksUri: string;
}

/** Real "Sign in with Google" endpoints (the issuer and its keys), credentials left to the caller. */
export function googleIdentityEndpoints(): Omit<GoogleIdentityConfig, "clientId" | "clientSecret"> {
  return {
    issuer: "https://accounts.google.com",
    authorizeUrl: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl: "https://oauth2.googleapis.com/token",
    jwksUri: "https://www.googleapis.com/oauth2/v3/certs",
  };
}

/** The `googleIdentity` block of the connector configuration (not a platform: the login). */
export const GOOGLE_IDENTITY_CONFIG: ConfigBlock = {
  endpoints: googleIdentityEndpoints,
  credentials: { clientId: "GOOGLE_SIGNIN_CLIENT_ID", clientSecret: "GOOGLE_SIGNIN_CLIENT_SECRET" },
};
