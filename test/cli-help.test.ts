import { afterEach, describe, expect, it } from "vitest";
import { runCli, tempProject, type TempProject } from "./helpers/project.js";

const COMMANDS = ["init", "generate", "check", "lint", "import", "docs"] as const;

let project: TempProject;
afterEach(() => project?.dispose());

describe("help", () => {
  it.each(COMMANDS)("%s --help prints its usage, options with defaults and an example", async (command) => {
    project = tempProject();
    for (const args of [
      [command, "--help"],
      [command, "-h"],
      ["help", command],
      ["--help", command],
    ]) {
      const r = await runCli(args, project.dir);
      expect(r.code, args.join(" ")).toBe(0);
      expect(r.stderr).toBe("");
      expect(r.stdout).toMatch(new RegExp(`^mcp-specgen ${command} — `));
      expect(r.stdout).toMatch(new RegExp(`Usage:\\n  mcp-specgen ${command}`));
      expect(r.stdout).toMatch(/Options[^:]*:\n/);
      expect(r.stdout).toMatch(/default/);
      expect(r.stdout).toMatch(new RegExp(`Example:\\n  mcp-specgen ${command}`));
    }
  });

  it("prints the global help, which lists every command and explains the spec inputs", async () => {
    project = tempProject();
    for (const args of [["--help"], ["-h"], ["help"]]) {
      const r = await runCli(args, project.dir);
      expect(r.code).toBe(0);
      for (const command of COMMANDS) expect(r.stdout).toMatch(new RegExp(`mcp-specgen ${command} `));
      expect(r.stdout).toMatch(/MCP_TOOL_SPECIFICATION\.md/);
      expect(r.stdout).toMatch(/tools\/list result/);
    }
    // Without a command: the help on stderr, as a usage error.
    const bare = await runCli([], project.dir);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toMatch(/Usage:/);
  });

  it("never cites documents users do not have", async () => {
    project = tempProject();
    for (const args of [["--help"], ...COMMANDS.map((c) => [c, "--help"])]) {
      const { stdout } = await runCli(args, project.dir);
      expect(stdout).not.toMatch(/seed|§/i);
    }
  });

  it.each([
    [
      ["generate", "--nope"],
      /^mcp-specgen: generate: Unknown option '--nope' \(see "mcp-specgen generate --help"\)\n$/,
    ],
    [["check", "-x"], /^mcp-specgen: check: Unknown option '-x' \(see "mcp-specgen check --help"\)\n$/],
    [
      ["lint", "--out"],
      /^mcp-specgen: lint: Option '--out <value>' argument missing \(see "mcp-specgen lint --help"\)\n$/,
    ],
    [["import", "--frob"], /see "mcp-specgen import --help"/],
    [["init", "extra"], /^mcp-specgen: init: Unexpected argument 'extra' \(see "mcp-specgen init --help"\)\n$/],
    [["--nope"], /^mcp-specgen: unknown option '--nope' \(see "mcp-specgen --help"\)\n$/],
    [["help", "frobnicate"], /unknown command "frobnicate"/],
  ])("%j is a usage error naming the help to read", async (args, message) => {
    project = tempProject();
    const r = await runCli(args, project.dir);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(message);
  });

  it("still accepts options before generate and check", async () => {
    project = tempProject({}, true);
    const r = await runCli(["--quiet", "--out", "gen", "generate"], project.dir);
    expect(r.code).toBe(0);
    expect(project.list("gen")).toContain("manifest.json");
    expect((await runCli(["--json", "check", "--out", "gen"], project.dir)).stdout).toMatch(/"ok": true/);
  });
});
