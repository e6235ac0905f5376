import { beforeAll, describe, expect, inject, it } from "vitest";
import {
  callApi,
  openSignedIn,
  registerAccount,
  seedTrackers,
  tableRow,
  type World,
} from "../testing/dashboard-seed";
import { useBrowser } from "./helpers";

describe("live updates (browser)", () => {
  const browser = useBrowser();
  let world: World;
  let trackerId: string;
  const baseUrl = inject("baseUrl");

  beforeAll(async () => {
    world = await registerAccount(baseUrl, "live");
    // A tracker awaiting its first refresh, on the sandbox's Google Ads account: stored directly, since
    // create-trackers queues that refresh at once (the row would carry spend before the page opens).
    [trackerId] = (await seedTrackers(
      world,
      [{ name: "Live Search", client: "Acme", dailySpend: 0, requiresUpdate: true }],
      { sandbox: true },
    )) as [string];
  });

  it("updates a row in place when the server pushes the tracker (no reload, before the 30-second re-fetch)", async () => {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    const socket = page.waitForEvent("websocket", { timeout: 15_000 });
    await openSignedIn(page, world);
    const row = tableRow(page, "Live Search");
    await row.getByText("Awaiting data refresh").waitFor();
    expect(await row.locator("td.col-actualSpend").textContent()).toBe("£0");
    const messages: { type?: string; tracker?: { _id?: string } }[] = [];
    (await socket).on("framereceived", (frame) => {
      try {
        messages.push(JSON.parse(String(frame.payload)));
      } catch {
        // not JSON
      }
    });

    // Another session asks for a refresh: the pipeline fetches the sandbox's figures and pushes the row.
    await callApi(baseUrl, world.token, "POST", "/api/tracker/refresh-single-tracker-data", {
      tracker: trackerId,
    });
    await expect
      .poll(async () => row.locator("td.col-actualSpend").textContent(), { timeout: 20_000 })
      .not.toBe("£0");
    await expect.poll(() => row.getByText("Awaiting data refresh").count(), { timeout: 20_000 }).toBe(0);
    // The row came from the pushed tracker (the quiet re-fetch runs every 30 seconds only).
    expect(messages.some((m) => m.type === "tracker" && m.tracker?._id === trackerId)).toBe(true);
  });
});
