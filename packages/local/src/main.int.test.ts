import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { delay } from "./net.ts";

/**
 * `npm start` as a process tree: npm runs `serve` (`exec tsx packages/local/src/main.ts`), tsx runs
 * Node, Node runs DynamoDB Local's JVM. A stop signal must end all of them within 2 s, whether the
 * runtime is ready or still starting (the local-runtime contract of the README).
 */
const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const STOP_DEADLINE_MS = 2000;

interface Process {
  pid: number;
  /** The executable's name (`node`, `java`, `npm`). */
  command: string;
  /** The whole command line. */
  args: string;
}

/** The live (not zombie) processes of a process group, read from Linux's /proc. */
function processGroup(pgid: number): Process[] {
  const found: Process[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // ended while listing
    }
    // `pid (comm) state ppid pgrp ...`: comm may hold spaces and parentheses.
    const close = stat.lastIndexOf(")");
    const [state, , pgrp] = stat.slice(close + 2).split(" ");
    if (Number(pgrp) !== pgid || state === "Z") continue;
    let args = "";
    try {
      args = readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ");
    } catch {
      continue;
    }
    found.push({ pid: Number(entry), command: stat.slice(stat.indexOf("(") + 1, close), args });
  }
  return found;
}

/** Resolves with the first match of `pattern` in what a stream prints. */
function printed(stream: Readable, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let text = "";
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const match = pattern.exec(text);
      if (match) {
        stream.off("data", onData);
        resolve(match);
      }
    };
    stream.on("data", onData);
    stream.once("end", () => reject(new Error(`ended without printing ${pattern}: ${text.slice(-2000)}`)));
  });
}

interface Served {
  child: ChildProcess;
  /** The group of npm and everything it started. */
  pgid: number;
  stdout: Readable;
  stderr: Readable;
  dataDir: string;
}

const started: Served[] = [];

/** `npm run serve` in its own process group, on a free port and a fresh data folder. */
function serve(): Served {
  const dataDir = mkdtempSync(join(tmpdir(), "pacer-serve-"));
  const child = spawn("npm", ["run", "--silent", "serve"], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { PATH: process.env.PATH, HOME: process.env.HOME ?? dataDir, PORT: "0", DATA_DIR: dataDir },
  });
  const served = {
    child,
    pgid: child.pid as number,
    stdout: child.stdout as Readable,
    stderr: child.stderr as Readable,
    dataDir,
  };
  started.push(served);
  return served;
}

/** Waits until the group has no live process, at most until the deadline after `since`. */
async function groupGone(pgid: number, since: number): Promise<Process[]> {
  while (Date.now() - since < STOP_DEADLINE_MS) {
    if (processGroup(pgid).length === 0) return [];
    await delay(25);
  }
  return processGroup(pgid);
}

afterEach(() => {
  for (const s of started.splice(0)) {
    for (const p of processGroup(s.pgid)) process.kill(p.pid, "SIGKILL");
    rmSync(s.dataDir, { recursive: true, force: true });
  }
});

/** DynamoDB Local's JVM (not the `java -version` check or the launcher's compiler). */
const isEngine = (p: Process) => p.command === "java" && p.args.includes("DynamoDBLocal.jar");

describe("npm start: stop signals", () => {
  it("SIGTERM once ready ends npm, Node and DynamoDB Local's JVM within 2 s, with a browser's connections still open", async () => {
    const run = serve();
    const [, url] = await printed(run.stdout, /Pacer is running at (\S+)/);
    const port = Number(new URL(url as string).port);
    const running = processGroup(run.pgid);
    expect(running.some(isEngine)).toBe(true);
    expect(running.map((p) => p.command)).toContain("node");
    // A keep-alive connection after a request, and a request whose headers never finish.
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    const unfinished: Socket = connect(port, "127.0.0.1");
    unfinished.on("error", () => undefined);
    await new Promise((resolve) => unfinished.once("connect", resolve));
    unfinished.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\n");

    const signalled = Date.now();
    process.kill(run.pgid, "SIGTERM");
    expect(await groupGone(run.pgid, signalled)).toEqual([]);
    unfinished.destroy();
  }, 240_000);

  it("SIGINT during start-up, as soon as DynamoDB Local's JVM runs, ends every process within 2 s", async () => {
    const run = serve();
    while (!processGroup(run.pgid).some(isEngine)) {
      if (run.child.exitCode !== null) throw new Error("npm run serve ended during start-up");
      await delay(25);
    }

    const signalled = Date.now();
    process.kill(run.pgid, "SIGINT");
    expect(await groupGone(run.pgid, signalled)).toEqual([]);
  }, 240_000);
});
