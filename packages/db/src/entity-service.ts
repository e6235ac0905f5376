/**
 * The ElectroDB side of the data layer: the entity builders and the service over them. Only
 * service.ts's `db()` reaches this module, through `import()` at the first table call, so a function
 * that loads `@pacer/db` evaluates ElectroDB (about 195 KB minified) and the entity models at its
 * first table call, not at load (BENCHMARKS.md, "Cold start: 23 function bundles against a minimal
 * handler").
 */
import { type EntityConfiguration, Service } from "electrodb";
import { dynamoClient } from "./client.ts";
import { buildAccountEntity } from "./entities/account.ts";
import {
  buildAlertChannelEntity,
  buildAlertEntity,
  buildAlertEventEntity,
  buildAlertStateEntity,
} from "./entities/alert.ts";
import {
  buildAutopilotActionEntity,
  buildAutopilotSettingsEntity,
  buildAutopilotSwitchEntity,
} from "./entities/autopilot.ts";
import { buildCsvAccountEntity, buildCsvRowEntity } from "./entities/csv-source.ts";
import { buildDailyMetricEntity } from "./entities/daily-metric.ts";
import {
  buildAccountIngestionKeyEntity,
  buildDeviceReadingEntity,
  buildIngestionKeyEntity,
} from "./entities/device-reading.ts";
import { buildIntegrationEntity } from "./entities/integration.ts";
import { buildInvitationEntity } from "./entities/invitation.ts";
import { buildMessageEntity } from "./entities/message.ts";
import { buildOAuthStateEntity } from "./entities/oauth-state.ts";
import { buildPasswordResetEntity } from "./entities/password-reset.ts";
import { buildPlatformTokenEntity } from "./entities/platform-token.ts";
import { buildPodEntity } from "./entities/pod.ts";
import { buildRateLimitEntity } from "./entities/rate-limit.ts";
import {
  buildRealtimeTicketEntity,
  buildRefreshAuthNoticeEntity,
  buildRefreshJobEntity,
  buildRefreshRunEntity,
} from "./entities/refresh.ts";
import { buildSharedBudgetEntity } from "./entities/shared-budget.ts";
import { buildTrackerCountEntity, buildTrackerEntity } from "./entities/tracker.ts";
import { buildUserEmailEntity, buildUserEntity } from "./entities/user.ts";
import { buildWebSocketConnectionEntity } from "./entities/websocket-connection.ts";
import { tableName } from "./table.ts";

/**
 * How each entity of the table is built, by its name in the service (`(await db()).entities.<name>`). An
 * entity is built when it is first used: ElectroDB parses a model when its entity is built (about
 * 2 ms each at a cold start, 70 ms for all 32), and an invocation uses a few.
 */
const BUILDERS = {
  account: buildAccountEntity,
  user: buildUserEntity,
  userEmail: buildUserEmailEntity,
  invitation: buildInvitationEntity,
  passwordReset: buildPasswordResetEntity,
  integration: buildIntegrationEntity,
  platformToken: buildPlatformTokenEntity,
  websocketConnection: buildWebSocketConnectionEntity,
  rateLimit: buildRateLimitEntity,
  // trackers, pods, shared budgets, alerts, device readings
  tracker: buildTrackerEntity,
  trackerCount: buildTrackerCountEntity,
  dailyMetric: buildDailyMetricEntity,
  message: buildMessageEntity,
  pod: buildPodEntity,
  sharedBudget: buildSharedBudgetEntity,
  alert: buildAlertEntity,
  alertState: buildAlertStateEntity,
  alertEvent: buildAlertEventEntity,
  alertChannel: buildAlertChannelEntity,
  // AutoPilot (beyond the spec): settings, the account switch, actions
  autopilotSettings: buildAutopilotSettingsEntity,
  autopilotSwitch: buildAutopilotSwitchEntity,
  autopilotAction: buildAutopilotActionEntity,
  deviceReading: buildDeviceReadingEntity,
  ingestionKey: buildIngestionKeyEntity,
  accountIngestionKey: buildAccountIngestionKeyEntity,
  // connections: OAuth attempts and the "Manual / CSV" source
  oauthState: buildOAuthStateEntity,
  csvAccount: buildCsvAccountEntity,
  csvRow: buildCsvRowEntity,
  // the refresh pipeline and realtime
  refreshJob: buildRefreshJobEntity,
  refreshRun: buildRefreshRunEntity,
  refreshAuthNotice: buildRefreshAuthNoticeEntity,
  realtimeTicket: buildRealtimeTicketEntity,
} as const;

/** The entities of the table by name, as built by {@link BUILDERS}. */
type Entities = { [K in keyof typeof BUILDERS]: ReturnType<(typeof BUILDERS)[K]> };

const serviceOf = (entities: Entities, config: EntityConfiguration) => new Service(entities, config);

/** The ElectroDB service over the one table: its entities and its transactions. */
type FullService = ReturnType<typeof serviceOf>;

/**
 * The data layer's handle on the table: `entities` (each built at its first use, with the table's
 * name and client) and `transaction` (ElectroDB's service over all of them, built at the first
 * transaction; the same entity instances).
 */
export interface Db {
  entities: FullService["entities"];
  transaction: FullService["transaction"];
}

/**
 * Builds the data layer's handle on the table ({@link Db}) with the table's name and client: no
 * entity yet (each at its first use). Called once per process by `db()` (service.ts), which imports
 * this module at the first table call.
 */
export function buildDb(): Db {
  const config: EntityConfiguration = { table: tableName(), client: dynamoClient() };
  const built: Partial<Record<keyof Entities, unknown>> = {};
  const entities = {} as Entities;
  for (const name of Object.keys(BUILDERS) as (keyof Entities)[]) {
    Object.defineProperty(entities, name, {
      enumerable: true,
      get: () => {
        built[name] ??= BUILDERS[name](config);
        return built[name];
      },
    });
  }
  let service: FullService | undefined;
  return {
    entities,
    get transaction() {
      service ??= serviceOf({ ...entities }, config);
      return service.transaction;
    },
  };
}
