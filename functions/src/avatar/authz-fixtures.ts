import { PNG } from "pngjs";
import { defineFixtures } from "../authz/fixture.ts";

/** A 2x2 PNG, base64. */
export const TINY_PNG = (() => {
  const png = new PNG({ width: 2, height: 2 });
  png.data.fill(200);
  return PNG.sync.write(png);
})();

export const fixtures = defineFixtures({
  "POST /api/backblaze/change-avatar/{accountId}": {
    request: ({ target }) => ({
      params: { accountId: target.account.accountId },
      body: { buff: TINY_PNG.toString("base64"), fileName: "me.png" },
    }),
  },
});
