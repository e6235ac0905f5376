import { readFileSync } from "node:fs";
import type { QueueDef, ScheduleDef, WebSocketDef } from "@pacer/functions/resources";
import { App } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import type { CloudAssembly } from "aws-cdk-lib/cx-api";
import type { DeployConfig } from "../src/config.ts";
import { PacerFunction, REPO_ROOT } from "../src/constructs/pacer-function.ts";
import { addNagChecks, RECORD_ONLY_CONTEXT } from "../src/nag.ts";
import { buildApp, type ResourceDefs } from "../src/pacer-app.ts";

/** The context `cdk synth` passes to the app: cdk.json's (feature flags, cross-stack references). */
const CDK_JSON_CONTEXT =
  (JSON.parse(readFileSync(`${REPO_ROOT}cdk.json`, "utf8")) as { context?: object }).context ?? {};

/**
 * The account and region the tests deploy to. An app always has an explicit region when the CDK
 * CLI runs it (CDK_DEFAULT_REGION); PacerEdge lives in us-east-1 and PacerWeb reads from it.
 */
export const TEST_ENV = { account: "123456789012", region: "eu-west-2" } as const;

/** A small built SPA, so the tests do not depend on `frontend/dist` being built. */
export const FIXTURE_WEB_ROOT = `${REPO_ROOT}infra/test/fixtures/web`;

/** Settings the tests deploy with (never the developer's PACER_* variables). */
export const TEST_CONFIG: DeployConfig = {
  mailDomain: "mail.example.org",
  mailFrom: "Pacer <no-reply@mail.example.org>",
};

/**
 * Definitions as the pipeline will have them (per-platform queues, the scheduler, the daily alert
 * run, the WebSocket API), so the generated pipeline and realtime stacks are tested before
 * `functions/resources.ts` fills in. Groups are existing function groups (bundling is skipped).
 */
export const FIXTURE_RESOURCES: ResourceDefs = {
  queues: [
    {
      name: "refresh-googleads",
      consumer: "health",
      consumerTimeoutSeconds: 120,
      maxReceiveCount: 5,
      batchSize: 10,
      maxConcurrency: 10,
    },
    {
      name: "refresh-facebookads",
      consumer: "health",
      consumerTimeoutSeconds: 60,
      maxReceiveCount: 8,
      batchSize: 5,
      maxConcurrency: 4,
    },
  ] satisfies QueueDef[],
  schedules: [
    { name: "scheduler", target: "auth", rateMinutes: 5 },
    { name: "daily-alerts", target: "auth", rateMinutes: 1440 },
  ] satisfies ScheduleDef[],
  websocket: { group: "health", routes: ["$connect", "$disconnect", "$default"] } satisfies WebSocketDef,
};

export interface Synthesized {
  app: App;
  built: ReturnType<typeof buildApp>;
  assembly: CloudAssembly;
  /** By stack name. */
  templates: Record<string, Template>;
}

/**
 * Builds and synthesizes the whole app with bundling skipped (the synth command bundles for real)
 * and without CDK's built-in template validation, optionally with the cdk-nag checks (synthesis then fails on any unacknowledged finding) or with
 * acknowledgements recorded but not applied.
 */
export function synthesize(
  options: {
    resources?: Partial<ResourceDefs>;
    config?: DeployConfig;
    nag?: "checks" | "record-only";
    env?: { account?: string; region?: string };
  } = {},
): Synthesized {
  const app = new App({
    // CDK's template validation takes seconds per synth; `npm run synth` runs it.
    builtinCloudFormationValidation: false,
    context: {
      ...CDK_JSON_CONTEXT,
      "aws:cdk:bundling-stacks": [],
      ...(options.nag === "record-only" ? { [RECORD_ONLY_CONTEXT]: true } : {}),
    },
  });
  if (options.nag === "checks") addNagChecks(app);
  const built = buildApp(app, {
    env: options.env ?? TEST_ENV,
    config: options.config ?? TEST_CONFIG,
    webRoot: FIXTURE_WEB_ROOT,
    ...(options.resources ? { resources: options.resources } : {}),
  });
  const assembly = app.synth();
  const templates = Object.fromEntries(
    assembly.stacks.map((s) => [s.stackName, Template.fromJSON(s.template as Record<string, unknown>)]),
  );
  return { app, built, assembly, templates };
}

/** Resources of one type in a template, by logical id. */
export function resourcesOf(
  template: Template,
  type: string,
): Record<string, { Properties: Record<string, unknown> }> {
  return template.findResources(type) as Record<string, { Properties: Record<string, unknown> }>;
}

/** The function groups the app deploys: one per PacerFunction of the synthesized app, sorted. */
export function deployedGroups(): string[] {
  const { app } = synthesize();
  const groups = app.node
    .findAll()
    .filter((c): c is PacerFunction => c instanceof PacerFunction)
    .map((fn) => fn.group);
  return [...new Set(groups)].sort();
}
