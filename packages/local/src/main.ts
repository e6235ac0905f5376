process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";

import { startLocalRuntime } from "./runtime.ts";
import { DEMO_LOGIN, seedDemoAccount } from "./seed.ts";

/**
 * `npm start`: the local runtime in one process tree (this Node process and DynamoDB Local).
 * Environment: `PORT` (default 3000), `DATA_DIR` (default `.data`), `SCHEDULE_INTERVAL_SECONDS`
 * (run the schedules this often instead of their AWS rates).
 */
const port = Number(process.env.PORT ?? 3000);
const scheduleSeconds = process.env.SCHEDULE_INTERVAL_SECONDS
  ? Number(process.env.SCHEDULE_INTERVAL_SECONDS)
  : undefined;

const runtime = await startLocalRuntime({
  port,
  ...(process.env.DATA_DIR ? { dataDir: process.env.DATA_DIR } : {}),
  ...(scheduleSeconds ? { scheduleIntervalMs: scheduleSeconds * 1000 } : {}),
  beforeServe: async () => {
    const demo = await seedDemoAccount();
    if (demo.created) process.stderr.write("seeded the demo account\n");
  },
});

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await runtime.stop();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());

process.stdout.write(
  `Pacer is running at ${runtime.url} (demo login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password})\n`,
);
