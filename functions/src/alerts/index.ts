import { groupHandler } from "../lib/http.ts";
import {
  alertHistory,
  createAlert,
  createAlertChannel,
  editAlert,
  getAlertChannels,
  getAlerts,
  removeAlert,
  removeAlertChannel,
  slackCallback,
  slackInstall,
  snoozeAlert,
  testAlertChannel,
} from "./handlers.ts";

export const handlers = {
  createAlert,
  editAlert,
  getAlerts,
  removeAlert,
  snoozeAlert,
  alertHistory,
  getAlertChannels,
  createAlertChannel,
  removeAlertChannel,
  testAlertChannel,
  slackInstall,
  slackCallback,
};
export const handler = groupHandler("alerts", handlers);
