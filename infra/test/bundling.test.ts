import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { App, Stack } from "aws-cdk-lib";
import { describe, expect, it } from "vitest";
import { PacerFunction } from "../src/constructs/pacer-function.ts";

/** The one test that bundles for real (every other test skips bundling): two small groups. */
describe("PacerFunction bundling", () => {
  it("bundles a group with the local esbuild as ESM for Node 24 on ARM64, with source maps, the AWS SDK left out and its lazy paths split into chunks", () => {
    const app = new App();
    const stack = new Stack(app, "Bundling");
    const fn = new PacerFunction(stack, "Health", { group: "health" });
    new PacerFunction(stack, "Authorizer", { group: "authorizer" });
    const assembly = app.synth();
    const template = assembly.getStackByName("Bundling").template as {
      Resources: Record<string, { Type: string; Properties: Record<string, unknown> }>;
    };
    const lambdas = Object.values(template.Resources).filter((r) => r.Type === "AWS::Lambda::Function");
    expect(lambdas).toHaveLength(2);
    for (const lambda of lambdas)
      expect(lambda.Properties).toMatchObject({
        Runtime: "nodejs24.x",
        Architectures: ["arm64"],
        Handler: "index.handler",
      });
    expect(fn.group).toBe("health");
    // Each group its own asset (all have the repository as source path: CDK's asset cache must
    // tell them apart).
    const keys = lambdas.map((l) => (l.Properties.Code as { S3Key: unknown }).S3Key);
    expect(new Set(keys.map((k) => JSON.stringify(k))).size).toBe(2);
    const assetDirs = readdirSync(assembly.directory)
      .map((name) => join(assembly.directory, name))
      .filter((dir) => existsSync(join(dir, "index.mjs")));
    expect(assetDirs).toHaveLength(2);

    // Health's asset: the one with the OpenAPI document's chunk (the authorizer's has chunks too).
    const assetDir = assetDirs.find(
      (dir) =>
        existsSync(join(dir, "chunks")) &&
        readdirSync(join(dir, "chunks")).some((name) => /^openapi-.*\.mjs$/.test(name)),
    );
    expect(assetDir).toBeDefined();
    const code = readFileSync(join(assetDir as string, "index.mjs"), "utf8");
    expect(existsSync(join(assetDir as string, "index.mjs.map"))).toBe(true);
    // The AWS SDK is left out: the table client (a chunk read at the first table call) imports it.
    const chunks = readdirSync(join(assetDir as string, "chunks"));
    const assetCode = [
      code,
      ...chunks
        .filter((name) => name.endsWith(".mjs"))
        .map((name) => readFileSync(join(assetDir as string, "chunks", name), "utf8")),
    ];
    expect(assetCode.some((c) => /from\s*"@aws-sdk\/client-dynamodb"/.test(c))).toBe(true);
    expect(assetCode.some((c) => c.includes("DynamoDBClient.prototype"))).toBe(false);
    // The OpenAPI document, imported at its first request, is a chunk of its own beside the entry.
    const openapi = chunks.find((name) => /^openapi-.*\.mjs$/.test(name));
    expect(openapi).toBeDefined();
    expect(chunks).toContain(`${openapi}.map`);
    expect(code).toContain(`import("./chunks/${openapi}")`);
  }, 120_000);
});
