import { App } from "aws-cdk-lib";
import { describe, expect, it } from "vitest";
import { deployConfig } from "../src/config.ts";

describe("deployment settings", () => {
  it("work offline with nothing set", () => {
    expect(deployConfig(new App(), {})).toEqual({
      mailDomain: "example.com",
      mailFrom: "Pacer <no-reply@example.com>",
    });
  });

  it("come from the environment, and CDK context wins over it", () => {
    const env = {
      PACER_MAIL_DOMAIN: "mail.example.org",
      PACER_DOMAIN_NAME: "app.example.org",
      PACER_CERTIFICATE_ARN: "arn:aws:acm:us-east-1:123456789012:certificate/abc",
      PACER_ALARM_EMAIL: "ops@example.org",
    };
    expect(deployConfig(new App(), env)).toEqual({
      mailDomain: "mail.example.org",
      mailFrom: "Pacer <no-reply@mail.example.org>",
      domainName: "app.example.org",
      certificateArn: "arn:aws:acm:us-east-1:123456789012:certificate/abc",
      alarmEmail: "ops@example.org",
    });
    const app = new App({
      context: { "pacer:mailDomain": "news.example.org", "pacer:mailFrom": "Ops <o@news.example.org>" },
    });
    expect(deployConfig(app, env)).toMatchObject({
      mailDomain: "news.example.org",
      mailFrom: "Ops <o@news.example.org>",
    });
  });

  it("refuse a custom domain without its certificate", () => {
    expect(() => deployConfig(new App(), { PACER_DOMAIN_NAME: "app.example.org" })).toThrow(
      /PACER_CERTIFICATE_ARN/,
    );
  });
});
