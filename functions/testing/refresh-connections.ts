import type { Integration } from "@pacer/db";
import { getIntegration } from "@pacer/db";
import { callApi } from "./api.ts";
import { type ConsentAccess, connectThroughApi, type OAuthPlatform } from "./connections.ts";

/** Connections and their ad accounts for the refresh tests, through the product's own calls. */

/**
 * Connects a platform for the account through the product's own calls (authenticate, the sandbox
 * consent page as `email`, the return page's response call), as the Admin with `token`; with
 * `access: "write"` the consent also grants the platform's campaign write scopes.
 * @returns the stored integration.
 */
export async function connectPlatform(
  token: string,
  accountId: string,
  slug: OAuthPlatform,
  email: string,
  access?: ConsentAccess,
): Promise<Integration> {
  const answer = await connectThroughApi(token, slug, { email }, access);
  if (answer.status !== 200) throw new Error(`connecting ${slug} answered ${answer.status}`);
  // The answer carries the integration under a platform-specific field; its e-mail is the login
  // the platform reports (some report a user name rather than the consent page's e-mail).
  const stored = Object.values(answer.body).find(
    (v): v is { slug: string; email: string } =>
      typeof v === "object" && v !== null && (v as { slug?: string }).slug === slug,
  );
  const integration = await getIntegration(accountId, slug, stored?.email ?? email);
  if (!integration) throw new Error(`no ${slug} integration for ${email}`);
  return integration;
}

/** The sandbox ad accounts a connection lists (id, name, currency, time zone, metaData). */
export async function viewsOf(
  token: string,
  slug: OAuthPlatform,
  email: string,
): Promise<Array<{ id: string; name: string; currency: string; timeZone: string; metaData?: unknown }>> {
  const path: Record<string, string> = {
    googleads: "/api/google-ads/get-user-accounts",
    facebookads: "/api/facebook-ads/get-account",
    linkedinads: "/api/linkedin-ads/accounts",
    tiktokads: "/api/tiktok-ads/get-user-accounts",
    pinterestads: "/api/pinterest-ads/get-account",
    redditads: "/api/reddit-ads/get-account",
    twitterads: "/api/twitter-ads/get-account",
    amazonads: "/api/amazon-ads/get-account",
    googledv360: "/api/google-dv360/get-user-accounts",
  };
  const answer = await callApi<{ views?: unknown[] } | unknown[]>("POST", path[slug] as string, {
    token,
    body: { integration: { slug, email } },
  });
  if (answer.status !== 200) throw new Error(`listing ${slug} answered ${answer.status}`);
  const body = answer.body as { views?: unknown[] };
  return (Array.isArray(answer.body) ? answer.body : (body.views ?? [])) as Awaited<
    ReturnType<typeof viewsOf>
  >;
}
