import { afterEach, describe, expect, it } from "vitest";
import { runGenerateCommand } from "../src/cli/generate.js";
import { mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { REPO, TEST_ENV, runCli, tempProject, type TempProject } from "./helpers/project.js";
import { specJson } from "./output/helpers.js";

// `generate --watch` in process, on real files and real fs.watch events, stopped through
// the AbortSignal that SIGINT/SIGTERM abort in the CLI (test/bin-watch.test.ts sends the
// real signal to a real process).

const SPEC = "specs/tools.json";

/** A running watch: its output so far, and a way to wait for a line. */
interface Watching {
  stdout: string[];
  stderr: string[];
  /** Resolves to the first line of `stream` from index `from` on that matches `re`; rejects after `ms`. */
  line(stream: "stdout" | "stderr", re: RegExp, from?: number, ms?: number): Promise<string>;
  /** Stops the watch (as Ctrl-C does) and resolves to its exit code. */
  stop(): Promise<number>;
}

const started: Watching[] = [];
const projects: TempProject[] = [];
afterEach(async () => {
  // A failed test still stops its watcher: no watcher outlives its test.
  await Promise.all(started.splice(0).map((w) => w.stop()));
  for (const p of projects.splice(0)) p.dispose();
});

function project(files: Record<string, string>): TempProject {
  const p = tempProject(files);
  projects.push(p);
  return p;
}

function watch(dir: string, args: string[] = []): Watching {
  const controller = new AbortController();
  const stdout: string[] = [];
  const stderr: string[] = [];
  const io = {
    cwd: dir,
    env: TEST_ENV,
    stdout: (t: string) => stdout.push(...t.replace(/\n$/, "").split("\n")),
    stderr: (t: string) => stderr.push(...t.replace(/\n$/, "").split("\n")),
  };
  const exit = runGenerateCommand("generate", ["--watch", ...args], io, controller.signal);
  const w: Watching = {
    stdout,
    stderr,
    async line(stream, re, from = 0, ms = 15_000) {
      const lines = stream === "stdout" ? stdout : stderr;
      const deadline = Date.now() + ms;
      for (;;) {
        const found = lines.slice(from).find((l) => re.test(l));
        if (found !== undefined) return found;
        if (Date.now() > deadline)
          throw new Error(
            `no ${stream} line matching ${re}\nstdout:\n${stdout.join("\n")}\nstderr:\n${stderr.join("\n")}`,
          );
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    stop() {
      controller.abort();
      return exit;
    },
  };
  started.push(w);
  return w;
}

/** Every file of the output directory with its contents. */
function snapshot(p: TempProject, out = "generated"): Record<string, string> {
  return Object.fromEntries(p.list(out).map((f) => [f, p.read(`${out}/${f}`)]));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("generate --watch", () => {
  it("builds, then rebuilds on a change to the same bytes as a cold generate", async () => {
    const p = project({ [SPEC]: specJson([{ name: "demo.echo" }]) });
    const w = watch(p.dir);
    expect(
      await w.line("stdout", /^mcp-specgen: 1 tool → generated\/ \(\d+ written, 0 unchanged, 0 removed\)$/),
    ).toBeTruthy();
    await w.line("stderr", /^mcp-specgen: watching specs for changes \(Ctrl-C to stop\)$/);
    const before = snapshot(p);

    p.write(SPEC, specJson([{ name: "demo.echo" }, { name: "demo.shout" }]));
    const rebuilt = await w.line("stdout", /changed →/, 1);
    expect(rebuilt).toMatch(
      /^mcp-specgen: specs\/tools\.json changed → [1-9]\d* written, \d+ unchanged, 0 removed \(\d+ ms\)$/,
    );
    const after = snapshot(p);
    expect(after).not.toEqual(before);

    // A cold run of the same specs elsewhere writes exactly the same files.
    const cold = project({ [SPEC]: specJson([{ name: "demo.echo" }, { name: "demo.shout" }]) });
    expect((await runCli(["generate", "--no-cache"], cold.dir)).code).toBe(0);
    expect(after).toEqual(snapshot(cold));

    // Saving the same bytes again rebuilds to no changes.
    p.write(SPEC, specJson([{ name: "demo.echo" }, { name: "demo.shout" }]));
    expect(await w.line("stdout", /changed →/, 2)).toMatch(/specs\/tools\.json changed → no changes \(\d+ ms\)$/);
    expect(await w.stop()).toBe(0);
  });

  it("refuses to overwrite an output file edited by hand since the last rebuild, and writes nothing", async () => {
    // The edit changes the file's stamp, so the rebuild does not take what it wrote last
    // for what is there (RunCache.knownContents), and reads the file. (The banner check on
    // a file whose stamp missed an edit is tested on writeOutput: test/output/ownership.test.ts.)
    const p = project({ [SPEC]: specJson([{ name: "demo.echo" }]) });
    const w = watch(p.dir);
    await w.line("stdout", /1 tool → generated\//);
    // A rebuild that replaces the files it changes from what it knows they hold, unread.
    p.write(SPEC, specJson([{ name: "demo.echo" }, { name: "demo.shout" }]));
    expect(await w.line("stdout", /changed →/, 1)).toMatch(/changed → [1-9]\d* written/);
    // Then the manifest is edited by hand, without its banner: it is no longer what the
    // watch wrote there, and the next rebuild that changes it must not overwrite it.
    p.write("generated/manifest.json", '{ "mine": true }\n');
    const before = snapshot(p);
    p.write(SPEC, specJson([{ name: "demo.echo" }, { name: "demo.shout" }, { name: "demo.whisper" }]));
    expect(await w.line("stdout", /changed →/, 2)).toMatch(
      /changed → failed; nothing written, the last good output is kept/,
    );
    expect(w.stderr.join("\n")).toMatch(
      /refusing to overwrite .*manifest\.json: it was generated, but has been edited since/,
    );
    expect(snapshot(p)).toEqual(before);
  });

  it("rebuilds an edited Markdown spec, parsed in sections ahead of the edit, to the bytes of a cold generate", async () => {
    const MD = "specs/task_tracker/MCP_TOOL_SPECIFICATION.md";
    const text = readFileSync(path.join(REPO, MD), "utf8");
    const p = project({ [MD]: text });
    const w = watch(p.dir);
    await w.line("stderr", /watching specs for changes/);
    // Idle: the generators are warmed and the spec modified last is parsed into sections.
    await sleep(1500);
    const edited = text.replace(
      "### 1. Tool Purpose and Description\n",
      "### 1. Tool Purpose and Description\n\nEdited.\n",
    );
    expect(edited).not.toBe(text);
    p.write(MD, edited);
    expect(await w.line("stdout", /changed →/, 1)).toMatch(/changed → [1-9]\d* written/);
    const cold = project({ [MD]: edited });
    expect((await runCli(["generate", "--no-cache"], cold.dir)).code).toBe(0);
    expect(snapshot(p)).toEqual(snapshot(cold));
  });

  it("runs a custom generator only for builds, never in its idle work", async () => {
    const MD = "specs/task_tracker/MCP_TOOL_SPECIFICATION.md";
    const text = readFileSync(path.join(REPO, MD), "utf8");
    // A custom generator that notes each call in a file beside the project.
    const config = [
      'import { appendFileSync } from "node:fs";',
      "export default {",
      "  generators: [",
      '    "manifest",',
      "    {",
      '      name: "calls",',
      "      requires: [],",
      '      generate(ctx) { appendFileSync(new URL("calls.log", import.meta.url), "call\\n"); return [{ path: "calls.md", contents: `<!-- ${ctx.banner} -->\\n` }]; },',
      "    },",
      "  ],",
      "};",
      "",
    ].join("\n");
    const p = project({ [MD]: text, "mcp-specgen.config.mjs": config });
    const w = watch(p.dir);
    await w.line("stderr", /watching .* for changes/);
    await sleep(1500);
    expect(p.read("calls.log")).toBe("call\n");
    p.write(
      MD,
      text.replace("### 1. Tool Purpose and Description\n", "### 1. Tool Purpose and Description\n\nEdited.\n"),
    );
    await w.line("stdout", /changed →/, 1);
    expect(p.read("calls.log")).toBe("call\ncall\n");
  });

  it("keeps the last good output on a spec error and rebuilds once the spec is fixed", async () => {
    const p = project({ [SPEC]: specJson([{ name: "demo.echo" }]) });
    const w = watch(p.dir);
    await w.line("stdout", /1 tool → generated\//);
    const good = snapshot(p);

    p.write(SPEC, '{"tools": [');
    expect(await w.line("stdout", /changed →/, 1)).toMatch(
      /^mcp-specgen: specs\/tools\.json changed → 1 error, 0 warnings; nothing written, the last good output is kept \(\d+ ms\)$/,
    );
    expect(w.stderr.join("\n")).toMatch(/specs\/tools\.json:\d+:\d+/);
    expect(snapshot(p)).toEqual(good);

    p.write(SPEC, specJson([{ name: "demo.echo" }, { name: "demo.shout" }]));
    expect(await w.line("stdout", /changed →/, 2)).toMatch(/changed → [1-9]\d* written/);
    expect(p.read("generated/manifest.json")).toMatch(/demo\.shout|demo_shout|shout/);
  });

  it("survives a broken config, keeps its output, and follows the fixed config", async () => {
    const p = project({ [SPEC]: specJson([{ name: "demo.echo" }]), "mcp-specgen.config.json": "{}" });
    const w = watch(p.dir);
    await w.line("stdout", /1 tool → generated\//);
    await w.line("stderr", /watching specs, mcp-specgen\.config\.json/);

    p.write("mcp-specgen.config.json", "{");
    await w.line("stderr", /^mcp-specgen: cannot load config mcp-specgen\.config\.json: /);
    expect(await w.line("stdout", /changed →/, 1)).toMatch(
      /^mcp-specgen: mcp-specgen\.config\.json changed → failed; nothing written, the last good output is kept/,
    );

    p.write("mcp-specgen.config.json", JSON.stringify({ outDir: "out" }));
    expect(await w.line("stdout", /changed →/, 2)).toMatch(/mcp-specgen\.config\.json changed → [1-9]\d* written/);
    expect(p.list("out")).toEqual(p.list("generated"));
  });

  it("ignores files that are not specs, and the output directory", async () => {
    const p = project({ [SPEC]: specJson([{ name: "demo.echo" }]) });
    const w = watch(p.dir, ["specs", "--out", "specs/generated"]);
    await w.line("stdout", /1 tool → specs\/generated\//);
    p.write("specs/notes.txt", "x");
    p.write("specs/.hidden/x.json", "{}");
    p.write("specs/generated/extra.json", "{}");
    p.write("README.md", "# not an input");
    await sleep(400);
    expect(w.stdout).toHaveLength(1);

    // A new directory is watched too: a spec written into it rebuilds.
    p.write("specs/more/tools.json", specJson([{ name: "more.thing" }]));
    expect(await w.line("stdout", /changed → [1-9]\d* written/, 1)).toMatch(
      /^mcp-specgen: specs\/more\S* (\+\d+ more )?changed/,
    );
  });

  it("rebuilds a burst of writes once", async () => {
    const p = project({ [SPEC]: specJson([{ name: "demo.echo" }]), "specs/b.json": specJson([{ name: "b.one" }]) });
    const w = watch(p.dir);
    await w.line("stdout", /2 tools → generated\//);
    for (let i = 0; i < 5; i++) {
      p.write(SPEC, specJson([{ name: `demo.echo${i}` }]));
      p.write("specs/b.json", specJson([{ name: `b.one${i}` }]));
    }
    expect(await w.line("stdout", /changed →/, 1)).toMatch(/^mcp-specgen: specs\/\S+ \+1 more changed → [1-9]/);
    await sleep(400);
    expect(w.stdout).toHaveLength(2);
  });

  it("prints one JSON object per line with --json", async () => {
    const p = project({ [SPEC]: specJson([{ name: "demo.echo" }]) });
    const w = watch(p.dir, ["--json"]);
    await w.line("stdout", /"event":"build"/);
    p.write(SPEC, "[");
    await w.line("stdout", /"event":"rebuild"/);
    p.write(SPEC, specJson([{ name: "demo.shout" }]));
    await w.line("stdout", /"event":"rebuild".*"ok":true/);
    const events = w.stdout.map((l) => JSON.parse(l));
    expect(events.map((e) => [e.event, e.ok])).toEqual([
      ["build", true],
      ["rebuild", false],
      ["rebuild", true],
    ]);
    expect(events[1].changed).toEqual([SPEC]);
    expect(events[1].diagnostics[0].severity).toBe("error");
    expect(events[2]).toMatchObject({ command: "generate", changed: [SPEC], tools: 1, removed: [] });
    expect(typeof events[2].ms).toBe("number");
    expect(w.stderr).toEqual([]);
  });

  it("applies --strict on every rebuild", async () => {
    const p = project({ [SPEC]: specJson([{ name: "demo.echo" }]) });
    const w = watch(p.dir, ["--strict"]);
    await w.line("stdout", /1 tool → generated\//);
    // A tool without a description: a warning, which --strict turns into a failed rebuild.
    p.write(SPEC, JSON.stringify({ tools: [{ name: "demo.echo", inputSchema: { type: "object" } }] }));
    expect(await w.line("stdout", /changed →/, 1)).toMatch(
      /changed → 0 errors, 1 warning \(warnings fail with --strict\); nothing written, the last good output is kept/,
    );
    expect(w.stderr.join("\n")).toMatch(/warning SPEC_MISSING_DESCRIPTION/);
  });

  it("follows a specs directory replaced by a new one (renamed away, made again), without following links in it", async () => {
    const p = project({
      [SPEC]: specJson([{ name: "demo.echo" }]),
      "outside/tools.json": specJson([{ name: "out.side" }]),
    });
    const w = watch(p.dir);
    await w.line("stderr", /^mcp-specgen: watching specs for changes/);
    // Replaced at once, as a checkout or a sync tool does: the old directory renamed away,
    // a new one made in its place, with a link to a directory of specs elsewhere.
    renameSync(path.join(p.dir, "specs"), path.join(p.dir, "specs-old"));
    mkdirSync(path.join(p.dir, "specs"));
    symlinkSync(path.join(p.dir, "outside"), path.join(p.dir, "specs/linked"), "dir");
    writeFileSync(path.join(p.dir, SPEC), specJson([{ name: "demo.echo" }, { name: "demo.shout" }]));
    expect(await w.line("stdout", /changed →/, 1)).toMatch(
      /^mcp-specgen: specs\S* (\+\d+ more )?changed → [1-9]\d* written/,
    );
    const manifest = () => p.read("generated/manifest.json");
    expect(manifest()).toMatch(/shout/);
    expect(manifest()).not.toMatch(/out\.side|out_side/);
    // The new directory is watched, and the linked one is not: of an edit behind the link
    // and then one in the new directory, only the second is seen.
    const from = w.stdout.length;
    p.write("outside/tools.json", specJson([{ name: "out.again" }]));
    p.write(SPEC, specJson([{ name: "demo.echo" }, { name: "demo.whisper" }]));
    expect(await w.line("stdout", /^mcp-specgen: specs\/tools\.json changed → [1-9]\d* written/, from)).toBeTruthy();
    expect(manifest()).toMatch(/whisper/);
    expect(w.stdout.slice(from).join("\n")).not.toMatch(/linked|outside/);
  });

  it("watches a spec that does not exist yet", async () => {
    const p = project({});
    const w = watch(p.dir, ["specs/later.json"]);
    await w.line("stderr", /^mcp-specgen: 1 error, 0 warnings; nothing was written$/);
    await w.line("stderr", /watching specs\/later\.json \(missing\)/);
    p.write("specs/later.json", specJson([{ name: "demo.echo" }]));
    expect(await w.line("stdout", /changed →/)).toMatch(/^mcp-specgen: specs\S* changed → [1-9]\d* written/);
  });

  it("holds tool versions to their changes on each rebuild: a breaking edit without a major bump writes nothing", async () => {
    const MD = "specs/task_tracker/MCP_TOOL_SPECIFICATION.md";
    const text = readFileSync(path.join(REPO, MD), "utf8");
    // \`create_task\` without its required \`title\` (and the example call that passes one).
    const withoutTitle = text
      .replace('  "required": ["title"],\n  "additionalProperties": false', '  "additionalProperties": false')
      .replace(/ {4}"title": \{ "type": "string", "minLength": 1[^\n]*\n/, "")
      .replace(/ {4}"title": "Write release notes",\n/, "");
    expect(withoutTitle).not.toBe(text);
    const p = project({ [MD]: text });
    const w = watch(p.dir);
    await w.line("stderr", /watching specs for changes/);
    const before = snapshot(p);

    p.write(MD, withoutTitle);
    expect(await w.line("stdout", /changed →/, 1)).toMatch(
      /changed → 1 error, \d+ warnings?; nothing written, the last good output is kept/,
    );
    const report = w.stderr.join("\n");
    expect(report).toContain("CONTRACT_BREAKING_UNVERSIONED");
    expect(report).toContain("INPUT_REMOVED at /inputSchema/properties/title");
    expect(report).toMatch(/specs\/task_tracker\/MCP_TOOL_SPECIFICATION\.md:\d+:\d+/);
    expect(snapshot(p)).toEqual(before);

    p.write(MD, withoutTitle.replace("**Version**: 2.0.0", "**Version**: 3.0.0"));
    expect(await w.line("stdout", /changed →/, 2)).toMatch(/changed → [1-9]\d* written/);
    expect(p.read("generated/manifest.json")).toContain('"version": "3.0.0"');
    expect(snapshot(p)).not.toEqual(before);
  });

  it("is only for generate", async () => {
    const p = project({});
    const r = await runCli(["check", "--watch"], p.dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('mcp-specgen: check: --watch is only for generate (see "mcp-specgen check --help")\n');
  });
});
