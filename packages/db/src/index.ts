/** The data layer: the one table's definition, its entities and repositories named after access patterns. */
export * from "./accounts.ts";
export * from "./avatars.ts";
export { ensureTable } from "./bootstrap.ts";
export { documentClientFor, dynamoClient, resetClients } from "./client.ts";
export { USER_TYPES, type UserType } from "./entities/user.ts";
export * from "./errors.ts";
export * from "./integrations.ts";
export * from "./invitations.ts";
export * from "./password-resets.ts";
export * from "./rate-limits.ts";
export { epochSeconds, hashSecret, newSecret, secretMatches } from "./secrets.ts";
export { db, resetDb } from "./service.ts";
export { createTableInput, TABLE, type TableDef, tableName } from "./table.ts";
export * from "./websocket-connections.ts";
