import { Service } from "electrodb";
import { dynamoClient } from "./client.ts";
import { AccountEntity } from "./entities/account.ts";
import { UserEmailEntity, UserEntity } from "./entities/user.ts";
import { tableName } from "./table.ts";

function build() {
  return new Service(
    { account: AccountEntity, user: UserEntity, userEmail: UserEmailEntity },
    { table: tableName(), client: dynamoClient() },
  );
}

let service: ReturnType<typeof build> | undefined;

/** The ElectroDB service over the one table, built once per process (cold start). */
export function db(): ReturnType<typeof build> {
  service ??= build();
  return service;
}

/** Forgets the cached service (tests that switch table or endpoint). */
export function resetDb(): void {
  service = undefined;
}
