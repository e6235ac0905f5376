import { Match, type Template } from "aws-cdk-lib/assertions";
import { describe, expect, it } from "vitest";
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

  it("generates the session key, keeps both secrets on stack deletion, and scopes token access to the token prefix", () => {
    secrets.hasResourceProperties("AWS::SecretsManager::Secret", {
      GenerateSecretString: { GenerateStringKey: "jwtSecret", PasswordLength: 64, ExcludePunctuation: true },
    });
    secrets.hasResource("AWS::SecretsManager::Secret", { DeletionPolicy: "Retain" });
    expect(Object.keys(resourcesOf(secrets, "AWS::SecretsManager::Secret"))).toHaveLength(2);
    const policies = Object.values(resourcesOf(secrets, "AWS::IAM::ManagedPolicy"));
    expect(policies).toHaveLength(2);
    for (const p of policies) {
      const arn = JSON.stringify(p.Properties.PolicyDocument);
      expect(arn).toContain(`:secret:${PLATFORM_TOKENS_PREFIX}*`);
    }
  });
});
