import { Service } from "electrodb";
import { dynamoClient } from "./client.ts";
import { AccountEntity } from "./entities/account.ts";
import { AlertChannelEntity, AlertEntity, AlertEventEntity, AlertStateEntity } from "./entities/alert.ts";
import {
  AutopilotActionEntity,
  AutopilotSettingsEntity,
  AutopilotSwitchEntity,
} from "./entities/autopilot.ts";
import { CsvAccountEntity, CsvRowEntity } from "./entities/csv-source.ts";
import { DailyMetricEntity } from "./entities/daily-metric.ts";
import {
  AccountIngestionKeyEntity,
  DeviceReadingEntity,
  IngestionKeyEntity,
} from "./entities/device-reading.ts";
import { IntegrationEntity } from "./entities/integration.ts";
import { InvitationEntity } from "./entities/invitation.ts";
import { MessageEntity } from "./entities/message.ts";
import { OAuthStateEntity } from "./entities/oauth-state.ts";
import { PasswordResetEntity } from "./entities/password-reset.ts";
import { PlatformTokenEntity } from "./entities/platform-token.ts";
import { PodEntity } from "./entities/pod.ts";
import { RateLimitEntity } from "./entities/rate-limit.ts";
import {
  RealtimeTicketEntity,
  RefreshAuthNoticeEntity,
  RefreshJobEntity,
  RefreshRunEntity,
} from "./entities/refresh.ts";
import { SharedBudgetEntity } from "./entities/shared-budget.ts";
import { TrackerCountEntity, TrackerEntity } from "./entities/tracker.ts";
import { UserEmailEntity, UserEntity } from "./entities/user.ts";
import { WebSocketConnectionEntity } from "./entities/websocket-connection.ts";
import { tableName } from "./table.ts";

function build() {
  return new Service(
    {
      account: AccountEntity,
      user: UserEntity,
      userEmail: UserEmailEntity,
      invitation: InvitationEntity,
      passwordReset: PasswordResetEntity,
      integration: IntegrationEntity,
      platformToken: PlatformTokenEntity,
      websocketConnection: WebSocketConnectionEntity,
      rateLimit: RateLimitEntity,
      // trackers, pods, shared budgets, alerts, device readings
      tracker: TrackerEntity,
      trackerCount: TrackerCountEntity,
      dailyMetric: DailyMetricEntity,
      message: MessageEntity,
      pod: PodEntity,
      sharedBudget: SharedBudgetEntity,
      alert: AlertEntity,
      alertState: AlertStateEntity,
      alertEvent: AlertEventEntity,
      alertChannel: AlertChannelEntity,
      // AutoPilot (beyond the spec): settings, the account switch, actions
      autopilotSettings: AutopilotSettingsEntity,
      autopilotSwitch: AutopilotSwitchEntity,
      autopilotAction: AutopilotActionEntity,
      deviceReading: DeviceReadingEntity,
      ingestionKey: IngestionKeyEntity,
      accountIngestionKey: AccountIngestionKeyEntity,
      // connections: OAuth attempts and the "Manual / CSV" source
      oauthState: OAuthStateEntity,
      csvAccount: CsvAccountEntity,
      csvRow: CsvRowEntity,
      // the refresh pipeline and realtime
      refreshJob: RefreshJobEntity,
      refreshRun: RefreshRunEntity,
      refreshAuthNotice: RefreshAuthNoticeEntity,
      realtimeTicket: RealtimeTicketEntity,
    },
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
