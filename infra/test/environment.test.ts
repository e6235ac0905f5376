import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { platformCredentialVariables } from "@pacer/connectors";
import { queueUrlEnv } from "@pacer/functions/resources";
import { Lazy } from "aws-cdk-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../src/constructs/pacer-function.ts";
import { environmentBytes, LAMBDA_ENVIRONMENT_LIMIT } from "../src/services.ts";
import { FIXTURE_RESOURCES, type Synthesized, synthesize } from "./synth.ts";

/** Code that runs inside the deployed functions. */
const FUNCTION_CODE = ["functions/src", "packages/db/src", "packages/core/src", "packages/connectors/src"];

/** Variables the functions read that are deliberately not set on AWS, and why. */
const NOT_DEPLOYED: Record<string, string> = {
  // Local fallbacks of the app secret: on AWS the same values come from APP_SECRETS_ARN.
  JWT_SECRET: "app secret (APP_SECRETS_ARN) on AWS",
  STRIPE_SECRET_KEY: "app secret (APP_SECRETS_ARN) on AWS",
  GOOGLE_CLIENT_ID: "app secret (APP_SECRETS_ARN) on AWS",
  SLACK_CLIENT_ID: "app secret (APP_SECRETS_ARN) on AWS",
  SLACK_CLIENT_SECRET: "app secret (APP_SECRETS_ARN) on AWS",
  // Tests only (the local runtime's own variables are read by its adapters, in packages/local).
  STRIPE_API_URL: "tests point Stripe at a fake; unset means Stripe",
  GOOGLE_ISSUER: "tests point Google sign-in at the sandbox; unset means Google",
  GOOGLE_JWKS_URI: "tests point Google sign-in at the sandbox; unset means Google",
  GOOGLE_AUTHORIZE_URL: "tests point Google sign-in at the sandbox; unset means Google",
  // Optional with a default.
  LOG_LEVEL: "defaults to INFO",
  REFRESH_RETRY_BASE_SECONDS: "defaults to 30",
  ALERT_DELIVERY_RETRY_BASE_SECONDS: "defaults to 30",
  // Powertools' own switch, read to load the X-Ray SDK only where the Tracer traces.
  POWERTOOLS_TRACE_ENABLED: "unset on Lambda means the Powertools Tracer traces (its default)",
};

/** The keys `connectorConfigFromEnv` reads: on AWS they are keys of the PLATFORM_SECRETS_ARN JSON. */
const platformCredentialKeys = platformCredentialVariables;

/** Every environment variable name the function code reads, with the files that read it. */
function variablesRead(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const patterns = [
    /requireEnv\(\s*"([A-Z][A-Z0-9_]*)"/g,
    /process\.env\.([A-Z][A-Z0-9_]*)/g,
    /process\.env\[\s*"([A-Z][A-Z0-9_]*)"\s*\]/g,
    /\benv\.([A-Z][A-Z0-9_]*)\b/g,
    /\benv\[\s*"([A-Z][A-Z0-9_]*)"\s*\]/g,
  ];
  const visit = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== "testing" && name !== "node_modules") visit(path);
      } else if (name.endsWith(".ts") && !name.endsWith(".test.ts") && !name.endsWith(".d.ts")) {
        const source = readFileSync(path, "utf8");
        for (const pattern of patterns) {
          for (const m of source.matchAll(pattern)) {
            const files = found.get(m[1] as string) ?? [];
            files.push(relative(REPO_ROOT, path));
            found.set(m[1] as string, files);
          }
        }
      }
    }
  };
  for (const dir of FUNCTION_CODE) visit(join(REPO_ROOT, dir));
  return found;
}

describe("the deployed function environment", () => {
  let s: Synthesized;
  let environments: Array<{ path: string; variables: Record<string, unknown> }>;
  beforeAll(() => {
    s = synthesize({ resources: FIXTURE_RESOURCES });
    environments = s.assembly.stacks.flatMap((stack) =>
      Object.entries(
        (
          stack.template as {
            Resources: Record<string, { Type: string; Properties: Record<string, unknown> }>;
          }
        ).Resources,
      )
        // The product's functions; not CDK's own custom resource providers (cross-region references).
        .filter(
          ([, r]) =>
            r.Type === "AWS::Lambda::Function" &&
            String(r.Properties.Runtime).startsWith("nodejs") &&
            r.Properties.Handler !== "__entrypoint__.handler",
        )
        .map(([id, r]) => ({
          path: `${stack.stackName}/${id}`,
          variables: (r.Properties.Environment as { Variables: Record<string, unknown> }).Variables,
        })),
    );
  }, 60_000);

  it("is the same set of variables on every function (a consumer also has its dead-letter queue's URL)", () => {
    expect(environments.length).toBeGreaterThan(3);
    const names = (e: { variables: Record<string, unknown> }) =>
      Object.keys(e.variables)
        .filter((n) => !n.endsWith("_DLQ"))
        .sort();
    const first = names(environments[0] as { variables: Record<string, unknown> });
    for (const e of environments) expect([e.path, names(e)]).toEqual([e.path, first]);
    const consumers = [...(s.built.pipeline?.queues.keys() ?? [])];
    const withDlq = environments.filter((e) => Object.keys(e.variables).some((n) => n.endsWith("_DLQ")));
    expect(withDlq).toHaveLength(consumers.length);
    for (const name of consumers) {
      const dlq = queueUrlEnv(`${name}-dlq`);
      expect(withDlq.filter((e) => dlq in e.variables)).toHaveLength(1);
    }
  });

  it("carries what the local runtime sets, with AWS resources in place of local endpoints", () => {
    const variables = Object.keys(
      (environments[0] as { variables: Record<string, unknown> }).variables,
    ).filter((n) => !n.endsWith("_DLQ"));
    const queueUrls = FIXTURE_RESOURCES.queues.map((q) => queueUrlEnv(q.name));
    expect(variables.sort()).toEqual(
      [
        "NODE_OPTIONS",
        "TABLE_NAME",
        "APP_ORIGIN",
        "MAIL_FROM",
        "APP_SECRETS_ARN",
        "PLATFORM_SECRETS_ARN",
        "TOKEN_STORE_SECRET_PREFIX",
        "TOKEN_STORE_KEY_SECRET_ARN",
        "AVATARS_BUCKET",
        "WS_MANAGEMENT_ENDPOINT",
        ...queueUrls,
      ].sort(),
    );
    const env = (environments[0] as { variables: Record<string, unknown> }).variables;
    expect(env.MAIL_FROM).toBe("Pacer <no-reply@mail.example.org>");
    expect(JSON.stringify(env.APP_ORIGIN)).toContain("https://");
  });

  it("sets every variable the function code reads, or the variable is listed here with the reason it is not", () => {
    const deployed = new Set(
      Object.keys((environments[0] as { variables: Record<string, unknown> }).variables),
    );
    const fromPlatformSecret = new Set(platformCredentialKeys());
    expect(fromPlatformSecret.has("GOOGLE_ADS_CLIENT_ID")).toBe(true);
    const missing = [...variablesRead()]
      .filter(([name]) => !deployed.has(name) && !(name in NOT_DEPLOYED) && !fromPlatformSecret.has(name))
      .filter(([name]) => !name.startsWith("AWS_") && !name.startsWith("_X_AMZN"))
      .map(([name, files]) => `${name} (read in ${[...new Set(files)].join(", ")})`);
    expect(
      missing,
      "set it in infra/src/services.ts (functionEnvironment) or list it in NOT_DEPLOYED",
    ).toEqual([]);
  });
});

describe("the environment's size", () => {
  it("fits Lambda's 4 KB with a queue per platform and a consumer's dead-letter queue, every value at its longest", () => {
    const env: Record<string, string> = {
      NODE_OPTIONS: "--enable-source-maps",
      MAIL_FROM: "Pacer <no-reply@mail.example.org>",
      TOKEN_STORE_SECRET_PREFIX: "pacer/platform-tokens/",
    };
    const token = () => Lazy.string({ produce: () => "x" });
    for (const name of [
      "TABLE_NAME",
      "APP_ORIGIN",
      "APP_SECRETS_ARN",
      "PLATFORM_SECRETS_ARN",
      "TOKEN_STORE_KEY_SECRET_ARN",
      "AVATARS_BUCKET",
    ])
      env[name] = token();
    env.WS_MANAGEMENT_ENDPOINT = `https://${token()}.execute-api.eu-central-1.amazonaws.com/ws`;
    for (const platform of ["amazonads", "bingads", "cake", "csv", "facebookads", "googleads", "googledv360"])
      env[queueUrlEnv(`refresh-${platform}`)] = token();
    for (const platform of [
      "linkedinads",
      "pinterestads",
      "redditads",
      "tiktokads",
      "twitterads",
      "snapchatads",
    ])
      env[queueUrlEnv(`refresh-${platform}`)] = token();
    expect(environmentBytes(env)).toBeLessThan(LAMBDA_ENVIRONMENT_LIMIT);
  });
});
