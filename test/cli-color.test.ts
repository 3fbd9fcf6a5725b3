import { afterEach, describe, expect, it, vi } from "vitest";
import { colorEnabled, styled } from "../src/cli/color.js";
import { createProgress } from "../src/cli/progress.js";
import { withProgress } from "../src/cli/io.js";
import { runCli, tempProject, type TempProject } from "./helpers/project.js";

const ESC = "\x1b[";

/** One spec with a warning, so there is a diagnostic to colour. */
const SPEC =
  '# Demo\n\n## Tool: `demo.echo`\n\n**Version**: 1.0.0\n\n### 1. Tool Purpose and Description\n\nEchoes.\n\n### 3. Input Schema (Parameters)\n\n```json\n{ "type": "object" }\n```\n';

let project: TempProject;
afterEach(() => project?.dispose());

describe("colour rules", () => {
  it.each([
    [false, {}, false],
    [true, {}, true],
    [true, { TERM: "dumb" }, false],
    [true, { NO_COLOR: "1" }, false],
    [true, { NO_COLOR: "" }, true],
    [false, { FORCE_COLOR: "1" }, true],
    [false, { FORCE_COLOR: "" }, true],
    [false, { FORCE_COLOR: "3" }, true],
    [true, { FORCE_COLOR: "0" }, false],
    [true, { FORCE_COLOR: "false" }, false],
    [false, { FORCE_COLOR: "1", NO_COLOR: "1" }, true],
  ])("a TTY: %s, env %j → colour %s", (tty, env, expected) => {
    expect(colorEnabled(tty, env)).toBe(expected);
  });

  it("styles nest and switch off only their own attribute", () => {
    expect(styled(true, ["bold", "red"], "x")).toBe(`${ESC}1m${ESC}31mx${ESC}39m${ESC}22m`);
    expect(styled(false, ["bold", "red"], "x")).toBe("x");
  });
});

describe("colour in the CLI", () => {
  const run = async (args: string[], terminal: Parameters<typeof runCli>[2]) => {
    // A test may run several commands, each in a project of its own.
    project?.dispose();
    project = tempProject({ "specs/demo/MCP_TOOL_SPECIFICATION.md": SPEC });
    return runCli(args, project.dir, terminal);
  };

  it("colours severity, location and code on a terminal", async () => {
    const r = await run(["generate"], { isTTY: { stderr: true } });
    expect(r.stderr).toContain(
      `${ESC}1mspecs/demo/MCP_TOOL_SPECIFICATION.md:3:1${ESC}22m ${ESC}1m${ESC}33mwarning${ESC}39m${ESC}22m ${ESC}2mSPEC_MISSING_IDEMPOTENCY${ESC}22m`,
    );
    expect(r.stdout).not.toContain(ESC);
  });

  it.each([
    ["piped", {}],
    ["NO_COLOR", { isTTY: { stderr: true }, env: { NO_COLOR: "1" } }],
    ["FORCE_COLOR=0", { isTTY: { stderr: true }, env: { FORCE_COLOR: "0" } }],
  ])("prints plain text when %s", async (_name, terminal) => {
    const r = await run(["generate"], terminal);
    expect(r.stderr).toMatch(/^specs\/demo\/MCP_TOOL_SPECIFICATION\.md:3:1 warning SPEC_MISSING_IDEMPOTENCY /);
    expect(r.stderr).not.toContain(ESC);
  });

  it("colours a pipe with FORCE_COLOR, lint too", async () => {
    const r = await run(["lint"], { env: { FORCE_COLOR: "1" } });
    expect(r.stderr).toContain(`${ESC}1m${ESC}33mwarning`);
  });

  it("never colours --json", async () => {
    for (const command of ["generate", "check", "lint"]) {
      const r = await run([command, "--json"], { isTTY: { stdout: true, stderr: true }, env: { FORCE_COLOR: "1" } });
      expect(r.stdout + r.stderr).not.toContain(ESC);
      expect(() => JSON.parse(r.stdout)).not.toThrow();
    }
  });
});

describe("progress line", () => {
  it("is drawn only after the delay, at most every interval, and erased by clear", () => {
    vi.useFakeTimers();
    try {
      let t = 0;
      const drawn: string[] = [];
      const p = createProgress((l) => drawn.push(l), { now: () => t, columns: 30 });
      p.update("parsing 1/9 specs…");
      expect(drawn).toEqual([]);
      t = 600;
      p.update("parsing 5/9 specs…");
      t = 650;
      p.update("parsing 6/9 specs…");
      expect(drawn).toEqual(["parsing 5/9 specs…"]);
      // The latest text is drawn when its turn comes.
      t = 700;
      vi.advanceTimersByTime(50);
      expect(drawn).toEqual(["parsing 5/9 specs…", "parsing 6/9 specs…"]);
      t = 900;
      p.update("a text far longer than the thirty columns of this terminal");
      expect(drawn.at(-1)).toHaveLength(29);
      expect(drawn.at(-1)).toMatch(/…$/);
      p.clear();
      expect(drawn.at(-1)).toBe("");
      p.clear();
      expect(drawn.filter((l) => l === "")).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows nothing for a short run", () => {
    vi.useFakeTimers();
    try {
      let t = 0;
      const drawn: string[] = [];
      const p = createProgress((l) => drawn.push(l), { now: () => t });
      p.update("parsing 1/2 specs…");
      t = 200;
      p.clear();
      vi.advanceTimersByTime(1000);
      expect(drawn).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("is erased before any other output", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    try {
      const events: string[] = [];
      const { io, progress } = withProgress(
        {
          cwd: ".",
          stdout: (t) => events.push(`out ${t}`),
          stderr: (t) => events.push(`err ${t}`),
          progress: (l) => events.push(`line ${l}`),
          isTTY: { stderr: true },
        },
        false,
      );
      progress.update("generating types…");
      vi.advanceTimersByTime(600);
      io.stderr("a warning");
      io.stdout("done");
      expect(events).toEqual(["line generating types…", "line ", "err a warning", "out done"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("is used only on a terminal, never in CI or with --quiet, and cleared before output", async () => {
    project = tempProject({}, true);
    const lines: string[] = [];
    const progress = (line: string) => lines.push(line);
    // A check with the cache off is a full run: long enough for the line on most machines,
    // but only the rules are checked here, not the timing.
    for (const terminal of [
      { progress },
      { progress, isTTY: { stderr: true }, env: { CI: "true" } },
      { progress, isTTY: { stderr: true }, quiet: true },
    ]) {
      const { quiet, ...rest } = terminal as typeof terminal & { quiet?: boolean };
      await runCli(["generate", "--no-cache", ...(quiet ? ["--quiet"] : [])], project.dir, rest);
      expect(lines).toEqual([]);
    }
    await runCli(["generate", "--no-cache"], project.dir, { progress, isTTY: { stderr: true } });
    // Whatever was drawn ends erased.
    if (lines.length) expect(lines.at(-1)).toBe("");
  });
});
