import { afterEach, describe, expect, it } from "vitest";
import { execFile, execFileSync, spawnSync } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { REPO, tempProject, type TempProject } from "./helpers/project.js";
import { put, scratch, specJson } from "./output/helpers.js";

// The installed bin (bin/mcp-specgen.js over the build in dist/), run as a user runs it: a
// Node.js process of its own. The CLI's behaviour is tested in process (test/cli*.test.ts);
// these check what only a real process shows: exit codes, messages instead of stack traces,
// and what a command loads before it starts.

const BIN = path.join(REPO, "bin/mcp-specgen.js");

let project: TempProject | undefined;
afterEach(() => {
  project?.dispose();
  project = undefined;
});

describe("the installed bin", () => {
  it("runs with the same exit codes", () => {
    project = tempProject({}, true);
    expect(execFileSync(process.execPath, [BIN, "generate"], { cwd: project.dir, encoding: "utf8" })).toMatch(
      /tools → generated\//,
    );
    project.write(
      "specs/system_info/MCP_TOOL_SPECIFICATION.md",
      "## Tool: `system_info.get_server_status`\n\n**Version**: one\n",
    );
    let code = 0;
    try {
      execFileSync(process.execPath, [BIN, "check"], { cwd: project.dir, stdio: "pipe" });
    } catch (e) {
      code = (e as { status: number }).status;
    }
    expect(code).toBe(1);
  });

  it("exits 1 with a message, not a stack trace", () => {
    const dir = scratch().dir;
    put(dir, "specs/tools.json", specJson([{ name: "demo.echo" }]));
    put(dir, "out.txt", "x");
    const r = spawnSync(process.execPath, [BIN, "generate", "--out", "out.txt"], { cwd: dir, encoding: "utf8" });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^mcp-specgen: cannot write to out\.txt: it is a file, not a directory\n {2}hint: /);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(execFileSync(process.execPath, [BIN, "--version"], { encoding: "utf8" })).toMatch(/\d/);
  });
});

describe("start-up", () => {
  // What a command loads decides how fast it starts; the benchmark (bench/startup.js)
  // measures the time, this checks the cause: --version and --help load no dependency.
  const TRACE = `data:text/javascript,${encodeURIComponent(
    'import { register } from "node:module"; register("data:text/javascript," + encodeURIComponent("export async function resolve(s, c, next) { const r = await next(s, c); if (r.url.startsWith(\\"file:\\")) process.stderr.write(\\"LOADED \\" + r.url + \\"\\\\n\\"); return r; }"));',
  )}`;

  // Each command is its own process, so they run side by side.
  it.concurrent.each([
    ["--version"],
    ["--help"],
    ["generate", "--help"],
    ["check", "--help"],
    ["import", "--help"],
    ["init", "--help"],
    ["help", "lint"],
  ])("%s loads no dependency and none of the pipeline", async (...args) => {
    const { stderr } = await promisify(execFile)(process.execPath, ["--import", TRACE, BIN, ...args], {
      encoding: "utf8",
    });
    const loaded = stderr
      .split("\n")
      .filter((l) => l.startsWith("LOADED "))
      .map((l) => l.slice(7));
    expect(loaded).toContainEqual(expect.stringMatching(/dist\/src\/cli\/main\.js$/));
    expect(
      loaded.filter((u) =>
        /node_modules|\/pipeline\.js$|\/generators\/|\/parse\/|\/validate\/|\/config\/load\.js$/.test(u),
      ),
    ).toEqual([]);
  });
});
