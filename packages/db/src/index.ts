/** The data layer: the one table's definition, its entities and repositories named after access patterns. */
export * from "./accounts.ts";
export { ensureTable } from "./bootstrap.ts";
export { documentClientFor, dynamoClient, resetClients } from "./client.ts";
export { USER_TYPES, type UserType } from "./entities/user.ts";
export * from "./errors.ts";
export { db, resetDb } from "./service.ts";
export { createTableInput, TABLE, type TableDef, tableName } from "./table.ts";
