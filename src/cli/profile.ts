import { Session } from "node:inspector/promises";
import { writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Records a CPU profile of this thread while `run` runs (`--cpu-prof`) and writes it to
 * `<dir>/mcp-specgen-<time>.cpuprofile`, for Chrome DevTools or VS Code. Worker threads are
 * not in it: run with `--workers 0` to see the parsing too. Resolves with the file written.
 */
export async function withCpuProfile<T>(dir: string, run: () => Promise<T>): Promise<{ result: T; file: string }> {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  try {
    const result = await run();
    const { profile } = await session.post("Profiler.stop");
    const file = path.join(dir, `mcp-specgen-${new Date().toISOString().replace(/[:.]/g, "-")}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    return { result, file };
  } finally {
    session.disconnect();
  }
}

/** The phases of a run and their milliseconds, slowest first, as `--timings` prints them. */
export function formatTimings(timings: Readonly<Record<string, number>>): string {
  const rows = Object.entries(timings).sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, ms]) => sum + ms, 0);
  const width = Math.max(5, ...rows.map(([name]) => name.length));
  return [
    ...rows.map(([name, ms]) => `  ${name.padEnd(width)} ${Math.round(ms).toString().padStart(7)} ms`),
    `  ${"total".padEnd(width)} ${Math.round(total).toString().padStart(7)} ms`,
  ].join("\n");
}
