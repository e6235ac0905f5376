import {
  CAPTURE_COLD_START_METRIC,
  COLD_START_METRIC,
  METRIC_DIMENSIONS,
  METRIC_NAMESPACE,
  METRICS,
  SERVICE_DIMENSION,
} from "@pacer/functions/metric-names";
import { Match, type Template } from "aws-cdk-lib/assertions";
import { describe, expect, it } from "vitest";
import { HTTP_SERVER_ERROR_ALARM } from "../src/constructs/http-gateway.ts";
import { MAIL_ALARM_THRESHOLDS } from "../src/stacks/mail-stack.ts";
import { PLATFORM_TOKENS_PREFIX } from "../src/stacks/secrets-stack.ts";
import { resourcesOf, synthesize } from "./synth.ts";

describe("PacerMail, PacerSecrets, PacerOps", () => {
  const { templates } = synthesize({
    config: {
      mailDomain: "mail.example.org",
      mailFrom: "Pacer <n@mail.example.org>",
      alarmEmail: "ops@example.org",
    },
  });
  const mail = templates.PacerMail as Template;
  const secrets = templates.PacerSecrets as Template;
  const ops = templates.PacerOps as Template;

  it("verifies the mail domain with DKIM and sends through a configuration set that suppresses bounces and complaints", () => {
    mail.hasResourceProperties("AWS::SES::EmailIdentity", {
      EmailIdentity: "mail.example.org",
      ConfigurationSetAttributes: { ConfigurationSetName: Match.anyValue() },
    });
    mail.hasResourceProperties("AWS::SES::ConfigurationSet", {
      SuppressionOptions: { SuppressedReasons: ["BOUNCE", "COMPLAINT"] },
      DeliveryOptions: { TlsPolicy: "REQUIRE" },
      ReputationOptions: { ReputationMetricsEnabled: true },
    });
    mail.hasResourceProperties("AWS::SES::ConfigurationSetEventDestination", {
      EventDestination: Match.objectLike({
        Enabled: true,
        MatchingEventTypes: Match.arrayWith(["bounce", "complaint"]),
        SnsDestination: { TopicARN: Match.anyValue() },
      }),
    });
    for (const [metric, threshold] of [
      ["Reputation.BounceRate", MAIL_ALARM_THRESHOLDS.bounceRate],
      ["Reputation.ComplaintRate", MAIL_ALARM_THRESHOLDS.complaintRate],
    ] as const) {
      mail.hasResourceProperties("AWS::CloudWatch::Alarm", {
        Namespace: "AWS/SES",
        MetricName: metric,
        Threshold: threshold,
      });
    }
  });

  it("encrypts the mail events and alarm topics with a rotated key, SSL only, publishable by SES and CloudWatch", () => {
    mail.hasResourceProperties("AWS::SNS::Topic", { KmsMasterKeyId: Match.anyValue() });
    ops.hasResourceProperties("AWS::SNS::Topic", { KmsMasterKeyId: Match.anyValue() });
    ops.hasResourceProperties("AWS::KMS::Key", { EnableKeyRotation: true });
    for (const t of [mail, ops]) {
      t.hasResourceProperties("AWS::SNS::TopicPolicy", {
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: "Deny", Condition: { Bool: { "aws:SecureTransport": "false" } } }),
          ]),
        },
      });
    }
    ops.hasResourceProperties("AWS::SNS::Subscription", { Protocol: "email", Endpoint: "ops@example.org" });
  });

  it("alarms on every product function's errors and on the HTTP API's server errors, notifying the alarm topic", () => {
    let functions = 0;
    for (const [stackName, template] of Object.entries(templates)) {
      const alarms = Object.values(resourcesOf(template, "AWS::CloudWatch::Alarm")).filter(
        (a) => a.Properties.Namespace === "AWS/Lambda" && a.Properties.MetricName === "Errors",
      );
      for (const [logicalId, fn] of Object.entries(resourcesOf(template, "AWS::Lambda::Function"))) {
        // The product's functions carry the shared environment; CDK's helper functions do not.
        const environment = fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined;
        if (!environment?.Variables?.APP_ORIGIN) continue;
        functions += 1;
        const alarm = alarms.find((a) => JSON.stringify(a.Properties.Dimensions).includes(`"${logicalId}"`));
        expect(alarm, `${stackName}/${logicalId} has an error alarm`).toBeDefined();
        expect(alarm?.Properties).toMatchObject({ Threshold: 1, Statistic: "Sum", Period: 300 });
        expect(JSON.stringify(alarm?.Properties.AlarmActions)).toContain("PacerOps");
      }
    }
    expect(functions).toBeGreaterThan(10);
    const gateways = templates.PacerGateways as Template;
    gateways.hasResourceProperties("AWS::CloudWatch::Alarm", {
      Namespace: "AWS/ApiGateway",
      MetricName: "5xx",
      Threshold: HTTP_SERVER_ERROR_ALARM.threshold,
      Period: HTTP_SERVER_ERROR_ALARM.periodMinutes * 60,
    });
    expect(
      JSON.stringify(
        Object.values(resourcesOf(gateways, "AWS::CloudWatch::Alarm"))[0]?.Properties.AlarmActions,
      ),
    ).toContain("PacerOps");
  });

  it("draws every metric of the functions' list on the ops dashboard, searched by the emitted name and dimensions", () => {
    const dashboards = Object.values(resourcesOf(ops, "AWS::CloudWatch::Dashboard"));
    expect(dashboards).toHaveLength(1);
    // The body is a Fn::Join of JSON text and the region; any region makes it JSON again.
    const join = dashboards[0]?.Properties.DashboardBody as { "Fn::Join": [string, unknown[]] };
    const [, parts] = join["Fn::Join"];
    const body = JSON.parse(parts.map((p) => (typeof p === "string" ? p : "eu-west-2")).join("")) as {
      widgets: { properties: { title: string; metrics: [{ expression: string }][] } }[];
    };
    const expressions = body.widgets.flatMap((w) => w.properties.metrics.map(([m]) => m.expression));
    const expected = [
      ...Object.values(METRICS).map((m) => ({
        name: m.name,
        dimensions: m.dimensions.map((d) => METRIC_DIMENSIONS[d]),
        statistic: m.unit === "Milliseconds" ? "p90" : "Sum",
      })),
      ...(CAPTURE_COLD_START_METRIC
        ? [{ name: COLD_START_METRIC.name, dimensions: [COLD_START_METRIC.dimension], statistic: "Sum" }]
        : []),
    ];
    expect(expressions).toEqual(
      expected.map(
        (m) =>
          `SEARCH('{${[METRIC_NAMESPACE, ...m.dimensions, SERVICE_DIMENSION].join(",")}} MetricName="${m.name}"', '${m.statistic}', 300)`,
      ),
    );
  });

  it("generates the session key, keeps both secrets on stack deletion, and scopes token access to the token prefix", () => {
    secrets.hasResourceProperties("AWS::SecretsManager::Secret", {
      GenerateSecretString: { GenerateStringKey: "jwtSecret", PasswordLength: 64, ExcludePunctuation: true },
    });
    // the key material sealing the tokens kept in the table: generated, never in the template
    secrets.hasResourceProperties("AWS::SecretsManager::Secret", {
      GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true },
    });
    const all = Object.values(resourcesOf(secrets, "AWS::SecretsManager::Secret"));
    expect(all).toHaveLength(3);
    for (const secret of all) expect(secret).toMatchObject({ DeletionPolicy: "Retain" });
    const policies = Object.values(resourcesOf(secrets, "AWS::IAM::ManagedPolicy"));
    expect(policies).toHaveLength(2);
    for (const p of policies) {
      const arn = JSON.stringify(p.Properties.PolicyDocument);
      expect(arn).toContain(`:secret:${PLATFORM_TOKENS_PREFIX}*`);
    }
  });
});
