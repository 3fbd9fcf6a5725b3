// src/lifetime.ts — how the example servers start and stop: a port from --port (default: any free
// one), the URL printed as one JSON line on stdout, and a stop on SIGINT/SIGTERM, when standard
// input closes (the parent went away) or after --max-seconds (default 600), whichever comes first.
import { parseArgs } from "node:util";

export interface ServerArgs {
  port: number;
  maxSeconds: number;
}

/** Reads `--port N` and `--max-seconds N` from the command line. */
export function serverArgs(argv: readonly string[] = process.argv.slice(2)): ServerArgs {
  const { values } = parseArgs({
    args: [...argv],
    options: { port: { type: "string" }, "max-seconds": { type: "string" } },
  });
  return { port: Number(values.port ?? 0), maxSeconds: Number(values["max-seconds"] ?? 600) };
}

/** Announces `url` on stdout and calls `close` once, on the first stop condition; then the process exits. */
export function runUntilStopped(url: string, maxSeconds: number, close: () => Promise<void>): void {
  let stopping = false;
  const stop = (why: string): void => {
    if (stopping) return;
    stopping = true;
    console.error(`stopping (${why})`);
    close()
      .catch((error: unknown) => console.error(error))
      .finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 2_000).unref();
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
  if (!process.stdin.isTTY) {
    process.stdin.on("end", () => stop("stdin closed"));
    process.stdin.on("error", () => stop("stdin error"));
    process.stdin.resume();
  }
  setTimeout(() => stop(`${maxSeconds} s elapsed`), maxSeconds * 1000).unref();
  console.log(JSON.stringify({ url }));
}
