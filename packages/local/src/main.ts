process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";

import { type LocalRuntime, startLocalRuntime } from "./runtime.ts";
import { DEMO_LOGIN, seedDemoAccount } from "./seed.ts";

/**
 * `npm start`: the local runtime in one process tree (this Node process and DynamoDB Local).
 * Environment: `PORT` (default 3000), `HOST` (default 127.0.0.1: this machine only; another address
 * is warned about), `DATA_DIR` (default `.data`), `SCHEDULE_INTERVAL_SECONDS` (run the schedules
 * this often instead of their AWS rates), `FUNCTION_THREADS` (run the queue consumers on this many
 * worker threads; default 0, in the runtime's thread).
 *
 * SIGINT and SIGTERM stop everything within {@link STOP_DEADLINE_MS}, also during start-up: the
 * runtime stops its servers and DynamoDB Local; whatever still runs when the deadline passes ends
 * with this process (DynamoDB Local is killed as this process exits). Run it as `npm start` does
 * (`npm run serve`: `exec node --import tsx ...`), so the signal reaches this process: a shell that
 * does not `exec`, or tsx's own CLI (which kills a child that does not acknowledge a signal within
 * 30 ms), would leave it or cut its stop short.
 */
const STOP_DEADLINE_MS = 1500;

const port = Number(process.env.PORT ?? 3000);
const scheduleSeconds = process.env.SCHEDULE_INTERVAL_SECONDS
  ? Number(process.env.SCHEDULE_INTERVAL_SECONDS)
  : undefined;

let runtime: LocalRuntime | undefined;
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(1), STOP_DEADLINE_MS).unref();
  // Still starting: nothing to flush, and the engine follows this process out.
  if (!runtime) process.exit(0);
  runtime.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
// Listening before anything starts, so a signal during start-up stops what has started.
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

runtime = await startLocalRuntime({
  port,
  ...(process.env.HOST ? { host: process.env.HOST } : {}),
  ...(process.env.DATA_DIR ? { dataDir: process.env.DATA_DIR } : {}),
  ...(scheduleSeconds ? { scheduleIntervalMs: scheduleSeconds * 1000 } : {}),
  ...(process.env.FUNCTION_THREADS ? { functionThreads: Number(process.env.FUNCTION_THREADS) } : {}),
  beforeServe: async () => {
    const demo = await seedDemoAccount();
    if (demo.created) process.stderr.write("seeded the demo account\n");
  },
});

process.stdout.write(
  `Pacer is running at ${runtime.url} (demo login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password})\n`,
);
