import { checkRange, dailyMetrics, notSupported } from "../connector-kit.ts";
import { type ConnectorDefinition, connectorIdentity } from "../descriptor.ts";
import { BadRequestError } from "../errors.ts";
import type { Connector, Credentials, CsvRowReader, CsvSourceCredentials } from "../types.ts";
import { csvDescriptor } from "./descriptor.ts";

function reader(credentials: Credentials): CsvRowReader {
  const r = (credentials as Partial<CsvSourceCredentials>).csv;
  if (!r)
    throw new BadRequestError("csv: a CsvRowReader is required", {
      platform: "csv",
      reason: "wrong_credentials",
    });
  return r;
}

/**
 * The "Manual / CSV" source behind the one connector interface, so the pipeline treats CSV
 * trackers like any other. No OAuth; data comes from imports (`parseDailyCsv`) stored by the data
 * layer. CSV has no campaigns, so it offers no filters.
 */
export function createCsvConnector(): Connector {
  const slug = "csv";
  return {
    ...connectorIdentity(csvDescriptor),
    authorizeUrl: () => {
      throw notSupported(slug, "authorize");
    },
    exchangeCode: async () => {
      throw notSupported(slug, "exchangeCode");
    },
    refreshAccessToken: async () => {
      throw notSupported(slug, "refresh");
    },
    revoke: async () => undefined,
    listAdAccounts: async (credentials) => reader(credentials).listAccounts(),
    async fetchDailyMetrics(credentials, query) {
      checkRange(query, slug);
      const r = reader(credentials);
      const account = (await r.listAccounts()).find((a) => a.id === query.account.id);
      if (!account)
        throw new BadRequestError("csv: unknown account", { platform: slug, reason: "unknown_account" });
      const rows = await r.dailyRows(account.id, query.from, query.to);
      return dailyMetrics(
        query,
        { accountId: account.id, currency: account.currency, timeZone: account.timeZone },
        rows,
      );
    },
    filterDefinitions: () => [],
    listFilterValues: async () => [],
  };
}

/** The csv connector: its descriptor and builder, for the registry. */
export const csvConnector: ConnectorDefinition = { ...csvDescriptor, create: createCsvConnector };
