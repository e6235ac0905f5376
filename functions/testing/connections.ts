import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isOAuth, type OAuthPlatformSlug, PLATFORM_CATALOGUE, type PlatformEntry } from "@pacer/core";
import { installLocalAdapters } from "@pacer/local/adapters";
import { approveConsent, type ConsentChoice, type SandboxHandle, startSandbox } from "@pacer/sandbox";
import { afterAll, beforeAll } from "vitest";
import { resetConnectors } from "../src/lib/connectors.ts";
import { resetTokenStore } from "../src/lib/token-store.ts";
import { type ApiAnswer, callApi } from "./api.ts";

/**
 * The connection tests' world: the sandbox ad platforms started in process, every connector
 * pointed at them (`PACER_SANDBOX_URL`) and an encrypted local token store in a temporary folder
 * (`TOKEN_STORE_KEY`, `TOKEN_STORE_DIR`), as the local runtime sets them, read by the local
 * runtime's adapters (installed here too).
 */
const VARIABLES = ["PACER_SANDBOX_URL", "TOKEN_STORE_KEY", "TOKEN_STORE_DIR", "TOKEN_STORE_SECRET_PREFIX"];

function pointAt(sandbox: SandboxHandle): { tokenDir: string; tokenKey: string } {
  installLocalAdapters();
  const tokenDir = mkdtempSync(join(tmpdir(), "pacer-tokens-"));
  const tokenKey = randomBytes(32).toString("base64");
  delete process.env.TOKEN_STORE_SECRET_PREFIX;
  Object.assign(process.env, {
    PACER_SANDBOX_URL: sandbox.url,
    TOKEN_STORE_KEY: tokenKey,
    TOKEN_STORE_DIR: tokenDir,
  });
  resetConnectors();
  resetTokenStore();
  return { tokenDir, tokenKey };
}

export interface ConnectionsSandbox {
  sandbox: SandboxHandle;
  tokenDir: string;
  tokenKey: string;
}

/** Starts the sandbox for a test file (before all its tests) and restores the environment after. */
export function useConnectionsSandbox(): () => ConnectionsSandbox {
  let current: ConnectionsSandbox | undefined;
  const saved = Object.fromEntries(VARIABLES.map((k) => [k, process.env[k]]));
  beforeAll(async () => {
    const sandbox = await startSandbox({ port: 0 });
    current = { sandbox, ...pointAt(sandbox) };
  });
  afterAll(async () => {
    await current?.sandbox.close();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetConnectors();
    resetTokenStore();
  });
  return () => {
    if (!current) throw new Error("The connections sandbox is not started");
    return current;
  };
}

let shared: Promise<ConnectionsSandbox> | undefined;

/**
 * One sandbox for the whole test worker, started on first use and left running until the worker
 * exits (the authorization matrix's fixtures, which have no hooks of their own).
 */
export function sharedConnectionsSandbox(): Promise<ConnectionsSandbox> {
  shared ??= startSandbox({ port: 0 }).then((sandbox) => ({ sandbox, ...pointAt(sandbox) }));
  return shared;
}

/** The OAuth platforms with authenticate and response calls (the catalogue's). */
export type OAuthPlatform = OAuthPlatformSlug;

/** The API path segment of each OAuth platform's calls, from the platform catalogue. */
export const SEGMENTS = Object.fromEntries(
  PLATFORM_CATALOGUE.flatMap((p: PlatformEntry) =>
    isOAuth(p) && p.returnPage && p.segment ? [[p.slug, p.segment]] : [],
  ),
) as Readonly<Record<OAuthPlatform, string>>;

/** The consent URL the authenticate call gives a member. */
export async function authorizeUrlFor(
  token: string,
  slug: OAuthPlatform,
  access?: ConsentAccess,
): Promise<string> {
  const answer = await callApi<{ redirectUrl: string; url: string }>(
    "GET",
    `/api/${SEGMENTS[slug]}/authenticate${access ? `?access=${access}` : ""}`,
    {
      token,
    },
  );
  if (answer.status !== 200)
    throw new Error(`authenticate answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.redirectUrl;
}

/** The query the platform sends the return page to, after the user's choice on the consent page. */
export async function consentQuery(
  token: string,
  slug: OAuthPlatform,
  choice: ConsentChoice = {},
  access?: ConsentAccess,
): Promise<Record<string, string>> {
  const back = await approveConsent(await authorizeUrlFor(token, slug, access), choice);
  return Object.fromEntries(back.searchParams);
}

/**
 * What the consent asks: the read scopes (default), or with `write` also the platform's campaign
 * write scopes (`?access=write`, as AutoPilot's Reconnect does).
 */
export type ConsentAccess = "write";

/** authenticate -> consent -> response, as the popup and its return page do. */
export async function connectThroughApi<T = Record<string, unknown>>(
  token: string,
  slug: OAuthPlatform,
  choice: ConsentChoice = {},
  access?: ConsentAccess,
): Promise<ApiAnswer<T>> {
  const query = await consentQuery(token, slug, choice, access);
  return callApi<T>("POST", `/api/${SEGMENTS[slug]}/response`, { token, body: query });
}
