import {
  countTrackers,
  createAccountWithUser,
  createTrackers,
  findUserByEmail,
  getAccount,
  getUser,
  type Integration,
  listIntegrations,
  type NewTracker,
  savePod,
} from "@pacer/db";
import { connectors } from "@pacer/functions/lib/connectors";
import { signSession } from "@pacer/functions/lib/jwt";
import { hashPassword } from "@pacer/functions/lib/passwords";
import { tokenStore } from "@pacer/functions/lib/token-store";
import { approveConsent } from "@pacer/sandbox";
import { invokeApi } from "./api-gateway.ts";
import { loadGroupHandler } from "./functions-loader.ts";

/** The local demo login (local mode only; printed on the ready line). */
export const DEMO_LOGIN = { email: "admin@demo.local", password: "Demo-pass-2026" } as const;

/** The e-mail the demo connections are made with on the sandbox consent pages. */
export const DEMO_PLATFORM_EMAIL = "demo@pacer.test";

/** The sandbox's Cake API key and reserved demo domain (see the sandbox README). */
const CAKE_DEMO = { apiKey: "sandbox-cake-api-key", domain: "demo.cake.sandbox.pacer.test" } as const;

/** The API path segment of each OAuth platform the demo connects. */
const OAUTH_SEGMENTS = {
  googleads: "google-ads",
  facebookads: "facebook-ads",
  bingads: "bing-ads",
  linkedinads: "linkedin-ads",
  tiktokads: "tiktok-ads",
  pinterestads: "pinterest-ads",
  twitterads: "twitter-ads",
  redditads: "reddit-ads",
  amazonads: "amazon-ads",
  googledv360: "google-dv360",
} as const;

const MILLION = 1_000_000;

/**
 * The demo trackers: one sandbox demo ad account each, four clients (each in one currency, so their
 * rows add up; the pod mixes currencies), budgets near each account's
 * replayed monthly spend (some over, some under). Amounts in the account's currency units;
 * `"platform"`: an automated budget, read from the platform's campaign budgets at each refresh.
 */
export const DEMO_TRACKERS: ReadonlyArray<{
  slug: keyof typeof OAUTH_SEGMENTS | "cake";
  view: string;
  name: string;
  client: string;
  budget: number | "platform";
  budgetPeriod: "month" | "day";
  pod?: boolean;
}> = [
  {
    slug: "googleads",
    view: "1112223333",
    name: "Search - Always On",
    client: "Northwind Outdoor",
    budget: "platform",
    budgetPeriod: "month",
    pod: true,
  },
  {
    slug: "googleads",
    view: "4445556666",
    name: "YouTube - Creators",
    client: "Helix Software",
    budget: 1_900_000,
    budgetPeriod: "month",
    pod: true,
  },
  {
    slug: "facebookads",
    view: "101000000000001",
    name: "Facebook - Prospecting",
    client: "Brightside Travel",
    budget: 340_000,
    budgetPeriod: "day",
  },
  {
    slug: "facebookads",
    view: "101000000000002",
    name: "Instagram - Retargeting",
    client: "Aurora Fashion",
    budget: 8_500_000,
    budgetPeriod: "month",
  },
  {
    slug: "bingads",
    view: "180000101",
    name: "Microsoft Search",
    client: "Helix Software",
    budget: 1_400_000,
    budgetPeriod: "month",
    pod: true,
  },
  {
    slug: "linkedinads",
    view: "508000101",
    name: "LinkedIn - B2B Leads",
    client: "Aurora Fashion",
    budget: 650_000,
    budgetPeriod: "month",
  },
  {
    slug: "tiktokads",
    view: "7000000000000000101",
    name: "TikTok - Creators",
    client: "Helix Software",
    budget: 3_000_000,
    budgetPeriod: "month",
  },
  {
    slug: "pinterestads",
    view: "549000000101",
    name: "Pinterest - Shopping",
    client: "Northwind Outdoor",
    budget: 3_900_000,
    budgetPeriod: "month",
    pod: true,
  },
  {
    slug: "twitterads",
    view: "18ce54pcrdm",
    name: "X - Promoted",
    client: "Helix Software",
    budget: 1_700_000,
    budgetPeriod: "month",
  },
  {
    slug: "redditads",
    view: "a2_pacerdemo01",
    name: "Reddit - Communities",
    client: "Northwind Outdoor",
    budget: 1_200_000,
    budgetPeriod: "month",
  },
  {
    slug: "amazonads",
    view: "2859176666497025",
    name: "Amazon UK Store",
    client: "Northwind Outdoor",
    budget: 2_100_000,
    budgetPeriod: "month",
    pod: true,
  },
  {
    slug: "googledv360",
    view: "7654321",
    name: "DV360 - Display",
    client: "Brightside Travel",
    budget: 8_000_000,
    budgetPeriod: "month",
  },
  {
    slug: "cake",
    view: "101",
    name: "Cake - Affiliates",
    client: "Brightside Travel",
    budget: 900_000,
    budgetPeriod: "month",
  },
];

/**
 * Seeds the demo account on first start: an account "Demo Agency" (not on a trial) with its Admin
 * user. When the account has no connections yet (first start, or data from before the demo had
 * them) and the sandbox platforms run (`PACER_SANDBOX_URL`), it also connects every demo platform
 * through the product's own OAuth calls against the sandbox (authenticate, the consent page, the
 * return page's response call; Cake with its demo key), so the tokens sit in the token store as
 * for a real connection, and creates {@link DEMO_TRACKERS} on the sandbox's demo ad accounts with a
 * pod (only when the account has no trackers). Their data is filled by the first refresh
 * schedule run.
 * @returns the demo account id, and whether it was created now.
 */
export async function seedDemoAccount(): Promise<{ accountId: string; userId: string; created: boolean }> {
  const existing = await findUserByEmail(DEMO_LOGIN.email);
  let accountId: string;
  let userId: string;
  let created = false;
  if (existing) {
    accountId = existing.accountId;
    userId = existing.userId;
  } else {
    const made = await createAccountWithUser(
      { name: "Demo Agency", currency: "GBP", freeTrial: false, trackerAllowance: 75 },
      {
        name: "Demo Admin",
        email: DEMO_LOGIN.email,
        userType: "Admin",
        passwordHash: await hashPassword(DEMO_LOGIN.password),
      },
    );
    accountId = made.account.accountId;
    userId = made.user.userId;
    created = true;
  }
  if (process.env.PACER_SANDBOX_URL && (await listIntegrations(accountId)).length === 0) {
    await seedDemoConnectionsAndTrackers(accountId, userId, (await countTrackers(accountId)) === 0);
  }
  return { accountId, userId, created };
}

/** Calls the API in process as the demo Admin (the same path as an HTTP request). */
async function callAsDemo(token: string, method: string, path: string, body?: unknown) {
  const answer = await invokeApi(
    {
      method,
      url: path,
      headers: {
        host: "localhost",
        "x-auth-token": token,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(body)),
      sourceIp: "127.0.0.1",
    },
    loadGroupHandler,
  );
  const text = answer.body.toString("utf8");
  if (answer.statusCode >= 300)
    throw new Error(`${method} ${path} answered ${answer.statusCode}: ${text.slice(0, 200)}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/**
 * Connects every sandbox platform for the account through the product's own calls, as its user
 * `userId` (an Admin): for each OAuth platform the authenticate call, the sandbox consent page
 * played as {@link DEMO_PLATFORM_EMAIL}, and the return page's response call; Cake with the
 * sandbox's demo key and domain. The tokens land in the token store as for a real connection.
 * Needs the runtime's environment (sandbox URL, token store, JWT key).
 */
export async function connectSandboxPlatforms(accountId: string, userId: string): Promise<void> {
  const token = await signSession(userId, accountId);
  for (const segment of Object.values(OAUTH_SEGMENTS)) {
    const { redirectUrl } = (await callAsDemo(token, "GET", `/api/${segment}/authenticate`)) as {
      redirectUrl: string;
    };
    const back = await approveConsent(redirectUrl, { email: DEMO_PLATFORM_EMAIL });
    await callAsDemo(token, "POST", `/api/${segment}/response`, Object.fromEntries(back.searchParams));
  }
  await callAsDemo(token, "POST", "/api/cake/response", CAKE_DEMO);
}

/** The ad accounts each connection of the account lists (its tokens from the token store), by slug. */
export async function listSandboxViews(accountId: string) {
  const { registry } = await connectors();
  type Connector = (typeof registry)[keyof typeof registry];
  type View = Awaited<ReturnType<Connector["listAdAccounts"]>>[number];
  const viewsBySlug = new Map<string, { integration: Integration; views: View[] }>();
  for (const integration of await listIntegrations(accountId)) {
    const credentials = await tokenStore().get({
      accountId,
      slug: integration.slug,
      email: integration.email,
    });
    const connector = (registry as Record<string, Connector | undefined>)[integration.slug];
    if (!credentials || !connector) continue;
    const views = await connector.listAdAccounts(credentials as Parameters<Connector["listAdAccounts"]>[0]);
    viewsBySlug.set(integration.slug, { integration, views });
  }
  return viewsBySlug;
}

/** The demo connections, then (for an account without trackers) the demo trackers and a pod. */
async function seedDemoConnectionsAndTrackers(
  accountId: string,
  userId: string,
  withTrackers: boolean,
): Promise<void> {
  await connectSandboxPlatforms(accountId, userId);
  if (!withTrackers) return;
  const [account, user, viewsBySlug] = await Promise.all([
    getAccount(accountId),
    getUser(accountId, userId),
    listSandboxViews(accountId),
  ]);

  const drafts: NewTracker[] = [];
  const inPod: number[] = [];
  for (const spec of DEMO_TRACKERS) {
    const found = viewsBySlug.get(spec.slug);
    const view = found?.views.find((v) => v.id === spec.view);
    if (!found || !view) continue;
    if (spec.pod) inPod.push(drafts.length);
    drafts.push({
      name: spec.name,
      client: spec.client,
      currency: view.currency,
      timeZone: view.timeZone,
      ...(spec.budget === "platform"
        ? { automatedBudget: true }
        : { automatedBudget: false, manualBudgetValue: spec.budget * MILLION }),
      budgetPeriod: spec.budgetPeriod,
      createdBy: user.userId,
      dataSource: {
        integration: {
          name: found.integration.name ?? spec.slug,
          slug: spec.slug,
          email: found.integration.email,
        },
        view: { id: view.id, name: view.name, ...(view.metaData ? { metaData: view.metaData } : {}) },
      },
    });
  }
  const trackers = await createTrackers(accountId, drafts, account.trackerAllowance);
  const podTrackers = inPod.map((i) => trackers[i]?.trackerId).filter((id): id is string => Boolean(id));
  if (podTrackers.length) {
    await savePod(
      accountId,
      { ownerId: user.userId },
      {
        name: "Northwind Pod",
        description: "Northwind Outdoor's always-on search, video, shopping and marketplace trackers",
        users: [],
        trackers: podTrackers,
      },
    );
  }
}
