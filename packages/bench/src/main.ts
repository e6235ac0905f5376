import { execSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";
import type { Bench, BenchResult } from "./bench.ts";
import { benches } from "./registry.ts";

/**
 * `npm run bench`: runs every registered benchmark in one process, one after the other, and writes
 * BENCHMARKS.md at the repository root with the machine and the date. `npm run bench -- <filter>...`
 * runs only the benchmarks whose registry name contains one of the filters, side by side in one run.
 */
const filters = process.argv.slice(2);
const filter = filters.length > 0;
const selected = Object.entries(benches).filter(([name]) => !filter || filters.some((f) => name.includes(f)));

const results: BenchResult[] = [];
for (const [name, load] of selected) {
  process.stdout.write(`bench ${name} ...\n`);
  const bench: Bench = (await load()).default;
  const result = await bench();
  results.push(result);
  for (const row of result.rows) process.stdout.write(`  ${row.metric}: ${row.value}\n`);
}

const cpu = os.cpus()[0]?.model ?? "unknown CPU";
const commit = (() => {
  try {
    return execSync("git rev-parse --short HEAD", { encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
})();
const lines = [
  "# Benchmarks",
  "",
  `Written by \`npm run bench\` on ${new Date().toISOString()} (commit ${commit}).`,
  `Machine: ${os.cpus().length} x ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.platform()} ${os.release()}, Node ${process.version}.`,
  "",
];
for (const r of results) {
  lines.push(`## ${r.title}`, "", r.setup, "", "| metric | value | target | met |", "|---|---|---|---|");
  for (const row of r.rows) {
    const met = row.met === undefined ? "-" : row.met ? "yes" : "no";
    lines.push(`| ${row.metric} | ${row.value} | ${row.target ?? "-"} | ${met} |`);
  }
  if (r.notes?.length) lines.push("", ...r.notes.map((n) => `- ${n}`));
  lines.push("");
}
if (!filter) {
  writeFileSync(fileURLToPath(new URL("../../../BENCHMARKS.md", import.meta.url)), lines.join("\n"));
  process.stdout.write("wrote BENCHMARKS.md\n");
} else {
  process.stdout.write(`${lines.join("\n")}\n(filtered run: BENCHMARKS.md not written)\n`);
}
