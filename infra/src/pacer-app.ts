import type { App, StackProps } from "aws-cdk-lib";
import { ApiStack } from "./stacks/api-stack.ts";
import { DataStack } from "./stacks/data-stack.ts";

/** Adds every stack of the product to an app (used by `app.ts` and by the tests). */
export function buildApp(app: App, props: StackProps = {}) {
  const data = new DataStack(app, "PacerData", props);
  const api = new ApiStack(app, "PacerApi", { ...props, table: data.table });
  return { data, api };
}
