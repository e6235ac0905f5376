import { readFileSync } from "node:fs";
import { join } from "node:path";
import { AwsSolutionsChecks } from "cdk-nag";
import type { IConstruct } from "constructs";
import { describe, expect, it } from "vitest";
import { ACKNOWLEDGEMENT_METADATA, type Acknowledgement } from "../src/nag.ts";
import type { ResourceDefs } from "../src/pacer-app.ts";
import { FIXTURE_RESOURCES, synthesize } from "./synth.ts";

interface Finding {
  id: string;
  path: string;
}

/** Every acknowledgement of the tree, with the path of the construct it covers. */
function acknowledgements(root: IConstruct): Array<Acknowledgement & { path: string }> {
  return root.node
    .findAll()
    .flatMap((c) =>
      c.node.metadata
        .filter((m) => m.type === ACKNOWLEDGEMENT_METADATA)
        .map((m) => ({ ...(m.data as Acknowledgement), path: c.node.path })),
    );
}

function findings(root: IConstruct): Finding[] {
  return new AwsSolutionsChecks()
    .validateScope(root)
    .violations.flatMap((v) =>
      v.violatingResources.map((r) => ({ id: v.ruleName, path: r.constructPath ?? "" })),
    );
}

const covers = (ack: { id: string; path: string }, f: Finding) =>
  ack.id === f.id && (f.path === ack.path || f.path.startsWith(`${ack.path}/`));

const CASES: Array<[string, Partial<ResourceDefs> | undefined]> = [
  ["functions/resources.ts as it is", undefined],
  ["with queues, schedules and the WebSocket API", FIXTURE_RESOURCES],
];

describe("cdk-nag AwsSolutions on every stack", () => {
  it.each(CASES)("synthesizes with 0 unacknowledged errors or warnings (%s)", (_label, resources) => {
    // Synthesis itself fails on any unacknowledged finding, as `npm run synth` does.
    const { app, assembly } = synthesize({
      nag: "checks",
      ...(resources ? { resources } : {}),
    });
    expect(findings(app)).toEqual([]);
    // The same report carries the constructs' own warnings (and, under `npm run synth`, CDK's
    // CloudFormation template validation): nothing there either.
    const report = JSON.parse(readFileSync(join(assembly.directory, "validation-report.json"), "utf8")) as {
      pluginReports: Array<{ pluginName: string; violations: unknown[]; suppressedViolations?: unknown[] }>;
    };
    expect(report.pluginReports.flatMap((r) => [...r.violations, ...(r.suppressedViolations ?? [])])).toEqual(
      [],
    );
  });

  it.each(CASES)(
    "every acknowledgement silences a finding that fires, each with a reason (%s)",
    (_label, resources) => {
      const { app } = synthesize({ nag: "record-only", ...(resources ? { resources } : {}) });
      const acks = acknowledgements(app);
      const all = findings(app);
      expect(all.filter((f) => !acks.some((a) => covers(a, f)))).toEqual([]);
      expect(acks.filter((a) => !all.some((f) => covers(a, f)))).toEqual([]);
      for (const a of acks) expect(a.reason.length, `${a.path} ${a.id}`).toBeGreaterThan(40);
    },
  );

  it("acknowledges only findings of these kinds", () => {
    const { app } = synthesize({ nag: "record-only", resources: FIXTURE_RESOURCES });
    const kinds = new Set(acknowledgements(app).map((a) => a.id.replace(/\[.*$/, "")));
    expect([...kinds].sort()).toEqual(
      [
        "AwsSolutions-APIG4", // public routes; WebSocket routes ($connect checks a ticket)
        "AwsSolutions-CFR1", // no geo restriction
        "AwsSolutions-CFR4", // default certificate without a custom domain
        "AwsSolutions-IAM4", // API Gateway's account CloudWatch role
        "AwsSolutions-IAM5", // X-Ray, run-time names under a fixed prefix, CDK BucketDeployment
        "AwsSolutions-L1", // CDK BucketDeployment's Python runtime
        "AwsSolutions-SMG4", // secrets issued by people and platforms
      ].sort(),
    );
  });
});
