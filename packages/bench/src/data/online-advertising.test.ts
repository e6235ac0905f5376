import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SHARED_DATA_DIR } from "@pacer/sandbox";
import { describe, expect, it } from "vitest";
import {
  aggregateOnlineAdvertising,
  loadOnlineAdvertisingDaily,
  ONLINE_ADVERTISING_DAILY,
  ONLINE_ADVERTISING_SOURCE,
  onlineAdvertisingDailyCsv,
} from "./online-advertising.ts";

describe("the repository's daily copy of the online advertising data set", () => {
  it("holds camp 1 and camp 3 over 91 days and camp 2 over April", () => {
    const days = loadOnlineAdvertisingDaily();
    const count = (campaign: string) => days.filter((d) => d.campaign === campaign).length;

    expect(days).toHaveLength(212);
    expect([count("camp 1"), count("camp 2"), count("camp 3")]).toEqual([91, 30, 91]);
    expect(days[0]).toMatchObject({ campaign: "camp 1", date: "2022-04-01", spendMicros: 2_710_827_500 });
  });

  it("sums the source's rows per campaign and day", () => {
    const source = [
      "month,day,campaign_number,user_engagement,banner,placement,displays,cost,clicks,revenue,post_click_conversions,post_click_sales_amount",
      "April,2,camp 1,Low,800 x 250,mno,10,1.25,2,0,1,0",
      "April,2,camp 1,High,160 x 600,abc,5,0.0051,1,0,0,0",
      "April,1,camp 1,Low,800 x 250,mno,1,0,0,0,0,0",
    ].join("\n");

    expect(aggregateOnlineAdvertising(source)).toEqual([
      { campaign: "camp 1", date: "2022-04-01", impressions: 1, spendMicros: 0, clicks: 0, conversions: 0 },
      {
        campaign: "camp 1",
        date: "2022-04-02",
        impressions: 15,
        spendMicros: 1_255_100,
        clicks: 3,
        conversions: 1,
      },
    ]);
  });

  it("is the sum of the shared data file wherever the shared folder is present", () => {
    const shared = join(process.env.PACER_SHARED_DATA_DIR ?? SHARED_DATA_DIR, ONLINE_ADVERTISING_SOURCE);
    const copy = readFileSync(ONLINE_ADVERTISING_DAILY, "utf8");
    const expected = existsSync(shared)
      ? onlineAdvertisingDailyCsv(aggregateOnlineAdvertising(readFileSync(shared, "utf8")))
      : copy;
    expect(copy).toBe(expected);
  });
});
