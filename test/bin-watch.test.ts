import { afterEach, describe, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { REPO, tempProject, type TempProject } from "./helpers/project.js";
import { specJson } from "./output/helpers.js";

// `generate --watch` as a user runs it: the installed bin in a process of its own, stopped
// by a real SIGINT (Ctrl-C). The watch itself is tested in process (test/cli-watch.test.ts).

const BIN = path.join(REPO, "bin/mcp-specgen.js");

let project: TempProject | undefined;
let child: ChildProcess | undefined;
afterEach(() => {
  // Never leave a watcher running after its test, whatever failed.
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  child = undefined;
  project?.dispose();
  project = undefined;
});

/** Resolves once `text()` matches `re`; rejects after `ms`. */
async function until(text: () => string, re: RegExp, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!re.test(text())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${re} in:\n${text()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("mcp-specgen generate --watch (process)", () => {
  it.each(["SIGINT", "SIGTERM"] as const)("rebuilds on a change and exits 0, quietly, on %s", async (signal) => {
    project = tempProject({ "specs/tools.json": specJson([{ name: "demo.echo" }]) });
    const proc = spawn(process.execPath, [BIN, "generate", "--watch"], {
      cwd: project.dir,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = proc;
    let stdout = "";
    let stderr = "";
    proc.stdout!.on("data", (d) => (stdout += d));
    proc.stderr!.on("data", (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));

    await until(() => stderr, /watching specs for changes/);
    expect(stdout).toMatch(/^mcp-specgen: 1 tool → generated\/ \(\d+ written, 0 unchanged, 0 removed\)\n$/);
    project.write("specs/tools.json", specJson([{ name: "demo.echo" }, { name: "demo.shout" }]));
    await until(() => stdout, /specs\/tools\.json changed → [1-9]\d* written/);

    // It ends by itself: a watcher that stays on after the signal hangs until the test's timeout.
    proc.kill(signal);
    expect(await exited).toBe(0);
    expect(stderr).toBe("mcp-specgen: watching specs for changes (Ctrl-C to stop)\n");
  });
});
