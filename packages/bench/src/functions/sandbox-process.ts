import { startSandbox } from "@pacer/sandbox";

/**
 * The sandbox platforms in a process of their own, for the refresh benchmark (the platforms are
 * remote to the worker, so their serving should not share the worker's thread). Reads the sandbox
 * options as JSON from its first argument, prints `{"url": ...}` as one line on stdout once
 * listening, and stops when its standard input closes (the benchmark ended or died).
 */
const options = JSON.parse(process.argv[2] ?? "{}") as { latencyMs?: number };
const sandbox = await startSandbox({ port: 0, ...options });
process.stdout.write(`${JSON.stringify({ url: sandbox.url })}\n`);
process.stdin.resume();
process.stdin.on("end", () => {
  void sandbox.close().then(() => process.exit(0));
});
