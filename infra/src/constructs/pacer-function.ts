import { fileURLToPath } from "node:url";
import { Duration } from "aws-cdk-lib";
import type { ITable } from "aws-cdk-lib/aws-dynamodb";
import { Architecture, LoggingFormat, Runtime, Tracing } from "aws-cdk-lib/aws-lambda";
import { NodejsFunction, type NodejsFunctionProps, OutputFormat } from "aws-cdk-lib/aws-lambda-nodejs";
import { RetentionDays } from "aws-cdk-lib/aws-logs";
import type { Construct } from "constructs";

/** Repository root (the npm workspace with the one lock file). */
export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

export interface PacerFunctionProps extends Partial<NodejsFunctionProps> {
  /** Function group: the Lambda entry is `functions/src/<group>/index.ts`. */
  group: string;
}

/**
 * The house Lambda: Node 22 on ARM64, X-Ray tracing, JSON logs kept one month, source maps, bundled
 * by the local esbuild as ESM with the AWS SDK left external (the runtime provides it).
 */
export class PacerFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: PacerFunctionProps) {
    const { group, environment, bundling, ...rest } = props;
    super(scope, id, {
      entry: `${REPO_ROOT}functions/src/${group}/index.ts`,
      handler: "handler",
      projectRoot: REPO_ROOT,
      depsLockFilePath: `${REPO_ROOT}package-lock.json`,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 1024,
      timeout: Duration.seconds(29),
      tracing: Tracing.ACTIVE,
      loggingFormat: LoggingFormat.JSON,
      logRetention: RetentionDays.ONE_MONTH,
      environment: { NODE_OPTIONS: "--enable-source-maps", ...environment },
      bundling: {
        format: OutputFormat.ESM,
        sourceMap: true,
        minify: true,
        target: "node22",
        mainFields: ["module", "main"],
        externalModules: ["@aws-sdk/*"],
        banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
        ...bundling,
      },
      ...rest,
    });
  }

  /** Grants this function read-only or read-write access to the table and sets `TABLE_NAME`, in one call. */
  bindTable(table: ITable, access: "read" | "readwrite"): this {
    if (access === "read") table.grantReadData(this);
    else table.grantReadWriteData(this);
    this.addEnvironment("TABLE_NAME", table.tableName);
    return this;
  }
}
