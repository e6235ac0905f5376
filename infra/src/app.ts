import { App } from "aws-cdk-lib";
import { buildApp } from "./pacer-app.ts";

/** `npm run synth` / `npm run deploy`: the whole product on AWS from one CDK app. */
const app = new App();
buildApp(app);
app.synth();
