import type { ConnectorDescriptor } from "../descriptor.ts";

/** The "Manual / CSV" source: rows imported from files, read through a tenant-bound reader. */
export const csvDescriptor: ConnectorDescriptor = {
  slug: "csv",
  capabilities: { pkce: false, refresh: "none", rotatesRefreshToken: false, revoke: false },
  reports: "synchronous",
};
