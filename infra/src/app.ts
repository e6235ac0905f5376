import { App } from "aws-cdk-lib";
import { addNagChecks } from "./nag.ts";
import { buildApp } from "./pacer-app.ts";

/**
 * `npm run synth` / `npm run deploy`: the whole product on AWS from one CDK app. cdk-nag's
 * AwsSolutions checks run on every synth and fail it on any unacknowledged finding.
 */
const app = new App();
addNagChecks(app);
buildApp(app, {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
app.synth();
