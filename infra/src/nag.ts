import { type App, Stack, Validations } from "aws-cdk-lib";
import { AwsSolutionsChecks } from "cdk-nag";
import { flattenCfnReference } from "cdk-nag/lib/utils/flatten-cfn-reference.js";
import type { IConstruct } from "constructs";

/**
 * cdk-nag for the whole app: the AwsSolutions pack runs on every `cdk synth` (and so before every
 * deploy) and fails it on any finding that is not acknowledged. Findings are acknowledged only
 * through {@link acknowledge}, next to the construct they concern, each with the reason it holds.
 */
export function addNagChecks(app: App): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
}

/** Metadata type under which every acknowledgement is recorded (read by the checks test). */
export const ACKNOWLEDGEMENT_METADATA = "pacer:nag-acknowledgement";

/**
 * Context key: record acknowledgements without applying them. The checks test synthesizes once this
 * way to prove that every acknowledgement silences a finding that really fires (none is stale) and
 * that every finding has one.
 */
export const RECORD_ONLY_CONTEXT = "pacer:nag-record-only";

/** One acknowledgement as recorded on its construct. */
export interface Acknowledgement {
  id: string;
  reason: string;
}

/**
 * Acknowledges a cdk-nag finding on a construct and everything below it, with the reason it is
 * acceptable here. Use the narrowest construct that carries the finding.
 */
export function acknowledge(scope: IConstruct, id: string, reason: string): void {
  if (reason.trim().length < 20) throw new Error(`Acknowledgement ${id} needs a real reason`);
  scope.node.addMetadata(ACKNOWLEDGEMENT_METADATA, { id, reason } satisfies Acknowledgement);
  if (scope.node.tryGetContext(RECORD_ONLY_CONTEXT) === true) return;
  Validations.of(scope).acknowledge({ id, reason });
}

/**
 * Acknowledges the IAM5 finding of one wildcard resource, computing the finding id the way cdk-nag
 * does. `resource` may hold tokens, but only tokens of the policy's own stack (pseudo parameters,
 * its own resources), so the id computed here is the one cdk-nag sees after synthesis.
 */
export function acknowledgeWildcardResource(scope: IConstruct, resource: string, reason: string): void {
  acknowledge(scope, `AwsSolutions-IAM5[Resource::${flat(scope, resource)}]`, reason);
}

/** Acknowledges the IAM4 finding of one AWS managed policy on a role, id computed as cdk-nag does. */
export function acknowledgeManagedPolicy(scope: IConstruct, policyArn: string, reason: string): void {
  acknowledge(scope, `AwsSolutions-IAM4[Policy::${flat(scope, policyArn)}]`, reason);
}

/** A value as cdk-nag prints it in finding ids (the partition and region are literals once known). */
function flat(scope: IConstruct, value: string): string {
  return flattenCfnReference(Stack.of(scope).resolve(value));
}
