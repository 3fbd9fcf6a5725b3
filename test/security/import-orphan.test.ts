/**
 * Review of issue 26 (import ends): when `import --stdio` gives up (here: its deadline, on a
 * server that never answers `initialize`), the server must be gone too. The command runs
 * through `/bin/sh -c`, and the shell does not always exec it: SIGTERM and SIGKILL then reach
 * only the shell, and a server that does not exit when its stdin ends keeps running,
 * orphaned, after import has reported and exited.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO, runCli } from "../helpers/project.js";

const SERVER = path.join(REPO, "test/security/fixtures/hung-server.mjs");

let dir: string;
const started: number[] = [];
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "import-orphan-"));
});
afterAll(() => {
  for (const pid of started) {
    try {
      process.kill(pid, "SIGTERM");
    } catch {
      // gone already
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(process.platform === "win32")("import --stdio that gives up", () => {
  it("leaves no server process running", async () => {
    const pidFile = path.join(dir, "pid");
    const command = `"${process.execPath}" "${SERVER}" "${pidFile}"; true`;
    const r = await runCli(["import", "--stdio", command, "--timeout", "1500", "--out", path.join(dir, "x.md")], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/did not finish within 1500 ms/);
    expect(existsSync(pidFile)).toBe(true);
    const pid = Number(readFileSync(pidFile, "utf8"));
    started.push(pid);
    // Give a dying process a moment to be reaped (no timing asserted: only whether it is gone).
    for (let i = 0; i < 20 && alive(pid); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(alive(pid)).toBe(false);
  });
});
