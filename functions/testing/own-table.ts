import { dynamoClient, ensureTable } from "@pacer/db";
import { beforeAll } from "vitest";

/**
 * Gives the calling test file a table of its own (`pacer-test-<name>-<pid>`, created before its
 * tests). For files that run the scheduled all-account runs (daily alerts, digests): those go through
 * every account of the table whose local hour has come, so in the shared integration table they
 * would also run for the accounts (and thousands of trackers) of other test files, slowly, and count
 * their mail.
 */
export function useOwnTable(name: string): void {
  beforeAll(async () => {
    process.env.TABLE_NAME = `pacer-test-${name}-${process.pid}`;
    await ensureTable(dynamoClient(), process.env.TABLE_NAME);
  });
}
