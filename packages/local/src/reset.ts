import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** `npm run reset`: deletes the local data folder (`DATA_DIR`, default `.data`): table, secrets, outbox, tokens. */
const dataDir = resolve(process.env.DATA_DIR ?? fileURLToPath(new URL("../../../.data", import.meta.url)));
rmSync(dataDir, { recursive: true, force: true });
process.stdout.write(`removed ${dataDir}\n`);
