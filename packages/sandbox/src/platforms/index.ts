import { amazonAdsPlatform } from "./amazonads.ts";
import { bingAdsPlatform } from "./bingads.ts";
import { cakePlatform } from "./cake.ts";
import { googleAdsPlatform } from "./google-ads.ts";
import { googleIdentityPlatform } from "./google-identity.ts";
import { googleDv360Platform } from "./googledv360.ts";
import { linkedInAdsPlatform } from "./linkedinads.ts";
import { metaPlatform } from "./meta.ts";
import { pinterestAdsPlatform } from "./pinterestads.ts";
import type { PlatformFactory } from "./platform-module.ts";
import { redditAdsPlatform } from "./redditads.ts";
import { tikTokAdsPlatform } from "./tiktokads.ts";
import { twitterAdsPlatform } from "./twitterads.ts";

/**
 * Every sandbox platform, by URL prefix. The prefix is the integration slug (and the key of the
 * fault-injection controls); `google-identity` is the "Sign in with Google" issuer.
 * Add a platform: write `platforms/<slug>.ts` exporting a PlatformFactory, add one line here, and
 * add its accounts to `data/demo-accounts.ts`.
 */
export const PLATFORMS: Record<string, PlatformFactory> = {
  googleads: googleAdsPlatform,
  facebookads: metaPlatform,
  bingads: bingAdsPlatform,
  linkedinads: linkedInAdsPlatform,
  tiktokads: tikTokAdsPlatform,
  pinterestads: pinterestAdsPlatform,
  twitterads: twitterAdsPlatform,
  redditads: redditAdsPlatform,
  amazonads: amazonAdsPlatform,
  googledv360: googleDv360Platform,
  cake: cakePlatform,
  "google-identity": googleIdentityPlatform,
};
