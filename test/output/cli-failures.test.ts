import { afterEach, describe, expect, it, vi } from "vitest";
import { reportFailure } from "../../src/cli/failure.js";
import { UsageError } from "../../src/config/load.js";
import { runCli } from "../helpers/project.js";
import { errno, put, scratch, snapshot, specJson } from "./helpers.js";

// No error may reach the user as a Node.js stack trace: known problems get a message and a
// hint, anything unexpected is an "internal error" with the stack only on request.
const fault = vi.hoisted(() => ({ error: undefined as unknown }));
vi.mock("../../src/output/write.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/output/write.js")>();
  return {
    ...real,
    writeOutput: (...args: Parameters<typeof real.writeOutput>) => {
      if (fault.error !== undefined) throw fault.error;
      return real.writeOutput(...args);
    },
  };
});

afterEach(() => {
  fault.error = undefined;
  vi.unstubAllEnvs();
});
function project(): string {
  const s = scratch();
  put(s.dir, "specs/tools.json", specJson([{ name: "demo.echo" }]));
  return s.dir;
}

describe("CLI failures", () => {
  it("reports an unexpected exception as an internal error without a stack trace", async () => {
    const dir = project();
    fault.error = new TypeError("cannot read properties of undefined (reading 'x')");
    const r = await runCli(["generate"], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      "mcp-specgen: internal error: cannot read properties of undefined (reading 'x')\n  hint: this is a bug in mcp-specgen; please report it with the command you ran (set MCP_SPECGEN_DEBUG=1 to include the stack trace)\n",
    );
    expect(snapshot(dir)).toEqual({ specs: "<dir>", "specs/tools.json": expect.any(String) });
  });

  it("prints the stack of an internal error with MCP_SPECGEN_DEBUG=1", async () => {
    const dir = project();
    vi.stubEnv("MCP_SPECGEN_DEBUG", "1");
    fault.error = new RangeError("boom");
    const r = await runCli(["generate"], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^mcp-specgen: internal error: boom\n {2}hint: .*\nRangeError: boom\n\s+at /);
  });

  it("reports a non-Error throw too", async () => {
    fault.error = "just a string";
    const r = await runCli(["generate"], project());
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^mcp-specgen: internal error: just a string\n/);
  });

  it("gives file-system errors from anywhere a plain message", () => {
    let stderr = "";
    const io = { cwd: "/work/p", stderr: (t: string) => (stderr += `${t}\n`) };
    expect(reportFailure(errno("EACCES", "open", "/work/p/specs/a.md"), io, {})).toBe(1);
    expect(stderr).toBe(
      "mcp-specgen: cannot access specs/a.md: permission denied (EACCES)\n  hint: check the permissions of the path (the output directory must be writable), or choose another --out directory\n",
    );
    stderr = "";
    expect(reportFailure(new UsageError("bad flag"), io, {})).toBe(2);
    expect(stderr).toBe("mcp-specgen: bad flag\n");
  });

  it("import reports a write it cannot do, without a stack trace", async () => {
    const dir = project();
    put(
      dir,
      "tools.json",
      JSON.stringify({ tools: [{ name: "a.b", description: "d", inputSchema: { type: "object" } }] }),
    );
    put(dir, "blocked", "a file, not a directory\n");
    const r = await runCli(["import", "--file", "tools.json", "--format", "json", "--out", "blocked/tools.json"], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^mcp-specgen: cannot write blocked\/tools\.json: a parent path is a file, not a directory \(ENOTDIR\)\n {2}hint: /,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
