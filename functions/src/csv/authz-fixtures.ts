import { defineFixtures } from "../authz/fixture.ts";

const HEADER = "date,account_id,account_name,currency,time_zone,spend,impressions,clicks,conversions,revenue";

export const fixtures = defineFixtures({
  "POST /api/csv/import": {
    // The rows go to the caller's own account: no other account's item is named.
    crossAccount: false,
    request: () => ({
      body: { csv: `${HEADER}\n2024-01-01,acc-1,Account 1,GBP,Europe/London,12.50,1000,10,1,40.00\n` },
    }),
  },
});
