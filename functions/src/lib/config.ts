import { readSecretString } from "./secrets-manager.ts";

/**
 * Reads a required environment variable.
 * @throws Error at cold start when it is missing, so a misconfigured function fails fast.
 */
export function requireEnv(name: string, env: Record<string, string | undefined> = process.env): string {
  const value = env[name];
  if (value === undefined || value === "") throw new Error(`Missing required environment variable ${name}`);
  return value;
}

/** Application secrets (Secrets Manager JSON on AWS; environment variables locally). */
export interface AppSecrets {
  /** HMAC key (base64url, >= 32 bytes) for session tokens. */
  jwtSecret: string;
  /** Stripe secret key; absent locally (billing then answers the runtime's own billing page). */
  stripeSecretKey?: string;
  /** Google OAuth client id, the audience of Google ID tokens. */
  googleClientId?: string;
  /** The Slack app's client id and secret (alert channels by the Slack app's OAuth install); both or neither. */
  slackClientId?: string;
  slackClientSecret?: string;
}

let cached: Promise<AppSecrets> | undefined;

/**
 * The application secrets, read once per cold start: from the Secrets Manager secret named by
 * `APP_SECRETS_ARN` when set, otherwise from `JWT_SECRET`, `STRIPE_SECRET_KEY`, `GOOGLE_CLIENT_ID`,
 * `SLACK_CLIENT_ID` and `SLACK_CLIENT_SECRET`.
 * @throws Error when no JWT secret is configured.
 */
export function appSecrets(env: Record<string, string | undefined> = process.env): Promise<AppSecrets> {
  cached ??= load(env).catch((error) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

async function load(env: Record<string, string | undefined>): Promise<AppSecrets> {
  if (env.APP_SECRETS_ARN) {
    const parsed = JSON.parse((await readSecretString(env.APP_SECRETS_ARN)) ?? "{}") as Partial<AppSecrets>;
    if (!parsed.jwtSecret) throw new Error("The app secret has no jwtSecret");
    return parsed as AppSecrets;
  }
  const secrets: AppSecrets = { jwtSecret: requireEnv("JWT_SECRET", env) };
  if (env.STRIPE_SECRET_KEY) secrets.stripeSecretKey = env.STRIPE_SECRET_KEY;
  if (env.GOOGLE_CLIENT_ID) secrets.googleClientId = env.GOOGLE_CLIENT_ID;
  if (env.SLACK_CLIENT_ID) secrets.slackClientId = env.SLACK_CLIENT_ID;
  if (env.SLACK_CLIENT_SECRET) secrets.slackClientSecret = env.SLACK_CLIENT_SECRET;
  return secrets;
}

/** Forgets cached secrets (tests). */
export function resetAppSecrets(): void {
  cached = undefined;
}
