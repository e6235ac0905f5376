import { CHANNEL_SANDBOX_HOST, sandboxConnectorConfig } from "@pacer/connectors/sandbox-config";
import { installRuntimeAdapters, type RuntimeAdapters } from "@pacer/functions/lib/runtime-adapters";
import { SLACK_PREFIX, sandboxClient } from "@pacer/sandbox";
import { localBillingLink } from "./billing-page.ts";
import { localTokenStoreFromEnv } from "./token-store.ts";

/** The prefix of the sandbox's Google identity issuer (`<PACER_SANDBOX_URL>/google-identity`). */
const GOOGLE_IDENTITY_PREFIX = "google-identity";

const withoutSlash = (url: string) => url.replace(/\/+$/, "");

/**
 * The local runtime's adapters of the functions' ports (`functions/src/lib/runtime-adapters.ts`).
 * Each reads the environment the runtime sets, when it is asked, so a test that changes a variable
 * (and resets the functions' caches) sees the change:
 * - `connectorConfig`: with `PACER_SANDBOX_URL`, every connector points at the sandbox platforms
 *   (`sandboxConnectorConfig`, which also serves the reserved Cake demo domain from the sandbox);
 * - `tokenStore`: the encrypted files of `TOKEN_STORE_KEY` / `TOKEN_STORE_DIR` (`token-store.ts`);
 * - `googleIssuer`: with `PACER_SANDBOX_URL`, the sandbox's Google identity issuer and its client id;
 * - `channelTarget`: with `PACER_SANDBOX_URL`, a channel URL on the reserved host
 *   `hooks.sandbox.pacer.test` goes to the sandbox's receiver `<PACER_SANDBOX_URL>/hooks/<path>`;
 * - `slackApp`: with `PACER_SANDBOX_URL`, the sandbox's Slack app (`<PACER_SANDBOX_URL>/slack`), whose
 *   installs answer webhook URLs on `hooks.sandbox.pacer.test`;
 * - `billingWithoutStripe`: the local billing page (`billing-page.ts`).
 */
export const LOCAL_ADAPTERS: Required<RuntimeAdapters> = {
  connectorConfig: (env) =>
    env.PACER_SANDBOX_URL ? sandboxConnectorConfig(env.PACER_SANDBOX_URL) : undefined,
  tokenStore: localTokenStoreFromEnv,
  googleIssuer: (env) =>
    env.PACER_SANDBOX_URL
      ? {
          issuer: `${withoutSlash(env.PACER_SANDBOX_URL)}/${GOOGLE_IDENTITY_PREFIX}`,
          clientId: sandboxClient(GOOGLE_IDENTITY_PREFIX).clientId,
        }
      : undefined,
  channelTarget: (url, env) =>
    env.PACER_SANDBOX_URL && url.hostname.toLowerCase() === CHANNEL_SANDBOX_HOST
      ? `${withoutSlash(env.PACER_SANDBOX_URL)}/hooks${url.pathname}${url.search}`
      : undefined,
  slackApp: (env) =>
    env.PACER_SANDBOX_URL
      ? { origin: `${withoutSlash(env.PACER_SANDBOX_URL)}/${SLACK_PREFIX}`, ...sandboxClient(SLACK_PREFIX) }
      : undefined,
  billingWithoutStripe: localBillingLink,
};

/**
 * Installs {@link LOCAL_ADAPTERS} into the functions loaded in this process: called by the local
 * runtime at start-up and by the integration tests' setup, never by anything deployed.
 */
export function installLocalAdapters(): void {
  installRuntimeAdapters(LOCAL_ADAPTERS);
}
