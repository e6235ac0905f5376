/**
 * `@pacer/sandbox`: local stand-ins for the ad platforms (OAuth, listing and reporting endpoints in
 * each platform's real shapes) plus a Google identity issuer, replaying real daily rows onto the
 * calendar. Started by the local runtime and by tests. See README.md.
 */

export * from "./approve-consent.ts";
export * from "./controls.ts";
export * from "./data/calendar.ts";
export * from "./data/campaign-schedules.ts";
export * from "./data/campaign-writes.ts";
export * from "./data/demo-accounts.ts";
export * from "./data/replay.ts";
export * from "./data/source-rows.ts";
export * from "./hooks.ts";
export { DEMO_USER, sandboxClient } from "./oauth-server.ts";
export { SANDBOX_DEVELOPER_TOKEN } from "./platforms/google-ads.ts";
export { identityIssuer } from "./platforms/google-oauth.ts";
export type { PlatformFactory, PlatformModule, SandboxContext } from "./platforms/platform-module.ts";
export * from "./slack-app.ts";
export * from "./start-sandbox.ts";
