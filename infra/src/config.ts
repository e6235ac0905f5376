import type { Construct } from "constructs";

/**
 * The deployment settings of one Pacer environment. Each is read from CDK context (`-c pacer:<key>=…`
 * or `cdk.context.json`) or else from the environment variable named below, so
 * `PACER_MAIL_DOMAIN=mail.example.org npm run deploy` works without editing any file. Every setting
 * has a default that lets `npm run synth` run offline on a fresh clone.
 */
export interface DeployConfig {
  /**
   * Domain verified in SES for sending (`PACER_MAIL_DOMAIN`). Its DKIM records are stack outputs of
   * PacerMail. Default `example.com` (synth only: SES never verifies it).
   */
  mailDomain: string;
  /** `From` of every e-mail (`PACER_MAIL_FROM`), default `Pacer <no-reply@<mailDomain>>`. */
  mailFrom: string;
  /**
   * Custom domain of the app (`PACER_DOMAIN_NAME`, e.g. `app.example.org`) with its ACM certificate
   * in us-east-1 (`PACER_CERTIFICATE_ARN`). Both or neither; without them the app is served at the
   * distribution's `*.cloudfront.net` name.
   */
  domainName?: string;
  certificateArn?: string;
  /** WAF web ACL (CLOUDFRONT scope, us-east-1) to attach to the distribution (`PACER_WEB_ACL_ARN`). */
  webAclArn?: string;
  /** E-mail address subscribed to the alarm topic (`PACER_ALARM_EMAIL`). */
  alarmEmail?: string;
}

const KEYS = {
  mailDomain: "PACER_MAIL_DOMAIN",
  mailFrom: "PACER_MAIL_FROM",
  domainName: "PACER_DOMAIN_NAME",
  certificateArn: "PACER_CERTIFICATE_ARN",
  webAclArn: "PACER_WEB_ACL_ARN",
  alarmEmail: "PACER_ALARM_EMAIL",
} as const satisfies Record<keyof DeployConfig, string>;

/**
 * Reads the deployment settings for an app (context first, then the environment).
 * @throws Error when only one of the custom domain and its certificate is given
 */
export function deployConfig(
  scope: Construct,
  env: Record<string, string | undefined> = process.env,
): DeployConfig {
  const read = (key: keyof DeployConfig): string | undefined => {
    const fromContext = scope.node.tryGetContext(`pacer:${key}`) as unknown;
    const value = typeof fromContext === "string" ? fromContext : env[KEYS[key]];
    return value?.trim() ? value.trim() : undefined;
  };
  const mailDomain = read("mailDomain") ?? "example.com";
  const config: DeployConfig = {
    mailDomain,
    mailFrom: read("mailFrom") ?? `Pacer <no-reply@${mailDomain}>`,
  };
  const domainName = read("domainName");
  const certificateArn = read("certificateArn");
  if (Boolean(domainName) !== Boolean(certificateArn)) {
    throw new Error(
      `Set both ${KEYS.domainName} and ${KEYS.certificateArn} (an ACM certificate in us-east-1), or neither`,
    );
  }
  if (domainName && certificateArn) Object.assign(config, { domainName, certificateArn });
  const webAclArn = read("webAclArn");
  if (webAclArn) config.webAclArn = webAclArn;
  const alarmEmail = read("alarmEmail");
  if (alarmEmail) config.alarmEmail = alarmEmail;
  return config;
}
