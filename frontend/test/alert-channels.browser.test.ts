import { updateAccount } from "@pacer/db";
import { evaluateAlertsForAccount } from "@pacer/functions/lib/alert-evaluation";
import type { HookDelivery } from "@pacer/sandbox";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { registerAccount, seedTrackers, type World } from "../testing/dashboard-seed";
import { auditPage, newPage, openSignedIn, useBrowser } from "./helpers";

const UNIT = 1_000_000;
const SLACK_URL = "https://hooks.sandbox.pacer.test/services/T0001/B0001/browser";

/** The channel deliveries the local sandbox received for this test's Slack URL, waiting for one. */
async function slackDeliveries(baseUrl: string): Promise<HookDelivery[]> {
  for (let i = 0; i < 100; i++) {
    const all = (await (await fetch(`${baseUrl}/_local/hooks.json`)).json()) as HookDelivery[];
    const mine = all.filter((d) => d.path === "/services/T0001/B0001/browser");
    if (mine.length > 0) return mine;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error("No delivery to the Slack channel");
}

describe("alert channels (browser)", () => {
  const browser = useBrowser();
  const baseUrl = inject("baseUrl");
  let admin: World;

  beforeAll(async () => {
    admin = await registerAccount(baseUrl, "channels");
    // The Admin's address counts as proved (an unproved account sends no alert at all).
    await updateAccount(admin.accountId, () => ({ emailConfirmationPending: false }));
    // 300 a day against 3,000 a month: about three times the month's pace.
    await seedTrackers(admin, [{ name: "Brand Search", budget: 3000 * UNIT, dailySpend: 300 * UNIT }]);
  });

  it("creates a Slack channel and a pace alert on it; the evaluation posts to the channel, shown in the local outbox and the alert history", async () => {
    const { context, page } = await newPage(browser);
    await openSignedIn(page, baseUrl, admin.token, "/alerts");
    const section = page.getByRole("region", { name: "Alert channels" });
    await section.getByText("No alert channels yet").waitFor();

    // The channel: Slack, by its incoming-webhook URL (the local sandbox's reserved host).
    const add = section.getByRole("form", { name: "Add an alert channel" });
    await add.getByLabel("Channel kind").selectOption("slack");
    await add.getByLabel("Channel name").fill("Team Slack");
    await add.getByLabel("Channel URL").fill(SLACK_URL);
    await add.getByRole("button", { name: "Add channel" }).click();
    await page.getByText("Alert channel created").waitFor();
    await section.getByRole("cell", { name: "Team Slack", exact: true }).waitFor();
    await section.getByRole("cell", { name: "https://hooks.sandbox.pacer.test/services/…" }).waitFor();
    await auditPage(page, "alert-channels");

    // The alert: '% Pace' above 110%, posting to the channel.
    await page.getByRole("button", { name: "Create an Alert" }).click();
    const form = page.getByRole("dialog", { name: "Create an Alert" });
    await form.getByLabel("Name").fill("Running hot");
    await form.getByLabel("Metric").selectOption({ label: "% Pace" });
    await form.getByLabel("Value", { exact: true }).fill("110");
    await form.getByRole("checkbox", { name: "Team Slack" }).check();
    await form.getByRole("button", { name: "CREATE ALERT" }).click();
    await page.getByText("Alert Created").waitFor();
    await form.waitFor({ state: "detached" });

    // The account's evaluation (as after a refresh): the alert fires for the tracker.
    const summary = await evaluateAlertsForAccount(admin.accountId);
    expect(summary.fired.map((f) => f.targets)).toEqual([["Brand Search"]]);

    const [delivery] = await slackDeliveries(baseUrl);
    expect(delivery?.status).toBe(200);
    const body = JSON.parse(delivery?.body ?? "{}") as { text: string; blocks: unknown[] };
    expect(body.text).toBe('Pacer alert "Running hot" fired: % Pace is greater than its threshold');
    expect(JSON.stringify(body.blocks)).toContain("Tracker Brand Search: % Pace");

    // The local outbox shows it beside the e-mails.
    await page.goto(`${baseUrl}/_local/outbox`);
    const row = page.getByRole("row").filter({ hasText: "/services/T0001/B0001/browser" });
    await row.getByText('Pacer alert "Running hot" fired').waitFor();
    expect(await row.getByRole("cell", { name: "slack", exact: true }).count()).toBe(1);

    // The alert history records the delivery to the channel.
    await page.goto(`${baseUrl}/alerts?channel=slack`);
    const history = page.getByRole("table", { name: "Alert history" });
    const sent = history.getByRole("row").filter({ hasText: "Slack to Team Slack" });
    await sent.waitFor();
    expect(await sent.getByRole("cell", { name: "Sent", exact: true }).count()).toBe(1);

    // 'Send test' from the channel's menu; then the local receiver is told to fail the next one.
    const channels = page.getByRole("region", { name: "Alert channels" });
    await channels.getByRole("button", { name: "Options for Team Slack" }).click();
    await page.getByRole("menuitem", { name: "Send test" }).click();
    await page.getByText("Test sent").waitFor();
    const fail = await fetch(`${baseUrl}/_local/hooks/fail?times=1&status=503`, { method: "POST" });
    expect(fail.status).toBe(200);
    await channels.getByRole("button", { name: "Options for Team Slack" }).click();
    await page.getByRole("menuitem", { name: "Send test" }).click();
    await page.getByText("Test not delivered: HTTP 503").waitFor();
    await context.close();
  });
});
