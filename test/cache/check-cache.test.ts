import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { encodeEntry } from "../../src/cache/entry.js";
import { resolveConfig } from "../../src/config/load.js";
import { testDisk } from "./disk.js";
import * as pipeline from "../../src/build/pipeline.js";
import { REPO, runCli, tempProject, type TempProject } from "../helpers/project.js";

// The pipeline is spied on (not replaced) so each test can tell whether `check` ran in
// full or answered from the cache.
vi.mock(import("../../src/build/pipeline.js"), async (original) => {
  const actual = await original();
  return { ...actual, runPipeline: vi.fn(actual.runPipeline) };
});
const runs = () => vi.mocked(pipeline.runPipeline).mock.calls.length;

/** A spec with one warning (no idempotency statement), so diagnostics are replayed too. */
const WARNED = `# Demo

## Tool: \`demo.echo\`

**Version**: 1.0.0

### 1. Tool Purpose and Description

Echoes a message.

### 3. Input Schema (Parameters)

\`\`\`json
{ "type": "object", "properties": { "message": { "type": "string" } } }
\`\`\`
`;

let project: TempProject;
/** The project's cache directory: it has a package.json and node_modules, so the cache lives there. */
const cacheDir = () => path.join(project.dir, "node_modules/.cache/mcp-specgen");
const cacheFiles = () => {
  try {
    // Run entries only: parsed specs and generated modules are kept in memo/ beside them.
    return readdirSync(cacheDir())
      .filter((f) => f.endsWith(".json"))
      .map((f) => path.join("node_modules/.cache/mcp-specgen", f));
  } catch {
    return [];
  }
};

/** The JSON of an entry file's bytes (after its header line). */
const decodedJson = (bytes: Buffer) => bytes.subarray(bytes.indexOf(10) + 1).toString("utf8");

/** One of the repository's specs beside it: two modules, so a check reads several spec files. */
const SYSTEM_INFO = "specs/system_info/MCP_TOOL_SPECIFICATION.md";
const SYSTEM_INFO_TEXT = readFileSync(path.join(REPO, SYSTEM_INFO), "utf8");

beforeEach(() => {
  project = tempProject({
    "package.json": '{ "name": "cache-test", "type": "module" }\n',
    "node_modules/.keep": "",
    "specs/demo/MCP_TOOL_SPECIFICATION.md": WARNED,
    [SYSTEM_INFO]: SYSTEM_INFO_TEXT,
  });
  vi.mocked(pipeline.runPipeline).mockClear();
});
afterEach(() => project.dispose());

/** Runs generate, then forgets the pipeline calls it made. */
async function generate(): Promise<void> {
  expect((await runCli(["generate"], project.dir)).code).toBe(0);
  vi.mocked(pipeline.runPipeline).mockClear();
}

describe("the check cache", () => {
  it("answers an unchanged check without running the pipeline, with exactly the full output", async () => {
    await generate();
    expect(cacheFiles()).toHaveLength(1);
    for (const flags of [[], ["--json"], ["--quiet"]]) {
      const fast = await runCli(["check", ...flags], project.dir);
      expect(runs(), `check ${flags.join(" ")}`).toBe(0);
      const slow = await runCli(["check", "--no-cache", ...flags], project.dir);
      expect(runs()).toBe(1);
      vi.mocked(pipeline.runPipeline).mockClear();
      expect(fast).toEqual(slow);
      expect(fast.code).toBe(0);
    }
    const text = await runCli(["check"], project.dir);
    expect(text.stderr).toMatch(/specs\/demo\/MCP_TOOL_SPECIFICATION\.md:3:1 warning SPEC_MISSING_IDEMPOTENCY/);
    expect(text.stdout).toMatch(/^mcp-specgen check: generated\/ is up to date \(3 tools, \d+ files\)\n$/);
  });

  it("is written by a full check too, and then used", async () => {
    await generate();
    rmSync(cacheDir(), { recursive: true });
    expect((await runCli(["check"], project.dir)).code).toBe(0);
    expect(runs()).toBe(1);
    expect((await runCli(["check"], project.dir)).code).toBe(0);
    expect(runs()).toBe(1);
  });

  it("misses after a spec edit, and reports the drift", async () => {
    await generate();
    const spec = "specs/system_info/MCP_TOOL_SPECIFICATION.md";
    project.write(
      spec,
      project
        .read(spec)
        .replace("Reports the status of the server process", "Reports the health of the server process"),
    );
    const r = await runCli(["check"], project.dir);
    expect(runs()).toBe(1);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/stale +generated\/manifest\.json/);
  });

  it("misses when a spec file is added or removed", async () => {
    await generate();
    project.write(
      "specs/extra/tools.json",
      JSON.stringify({ name: "extra.tool", description: "An extra tool.", inputSchema: { type: "object" } }),
    );
    expect((await runCli(["check"], project.dir)).code).toBe(1);
    expect(runs()).toBe(1);
    rmSync(path.join(project.dir, "specs/extra"), { recursive: true });
    expect((await runCli(["check"], project.dir)).code).toBe(0);
  });

  it("misses when a generated file was edited by hand: the edit is reported as drift", async () => {
    await generate();
    const file = "generated/types/system_info.ts";
    project.write(file, `${project.read(file)}// a hand edit\n`);
    const r = await runCli(["check"], project.dir);
    expect(runs()).toBe(1);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/stale +generated\/types\/system_info\.ts/);
    expect(r.stderr).toMatch(/- \/\/ a hand edit/);
  });

  it("misses when the ownership record, a generated file or a leftover temporary file changes", async () => {
    await generate();
    const record = "generated/.mcp-specgen-files.json";
    const original = project.read(record);
    project.write(record, original.replace("]", ', "types/old.ts"]'));
    expect((await runCli(["check"], project.dir)).code).toBe(1);
    expect(runs()).toBe(1);
    project.write(record, original);
    rmSync(path.join(project.dir, "generated/openai.json"));
    expect((await runCli(["check"], project.dir)).stderr).toMatch(/missing +generated\/openai\.json/);
    expect(runs()).toBe(2);
    await generate();
    project.write("generated/types/.system_info.ts.mcp-specgen-999999999-0123abcd.tmp", "half");
    expect((await runCli(["check"], project.dir)).stderr).toMatch(/orphan-temp +generated\/types\/\.system_info\.ts/);
    expect(runs()).toBe(1);
  });

  it("misses after a config change", async () => {
    await generate();
    project.write("mcp-specgen.config.json", JSON.stringify({ server: { name: "renamed", version: "2.0.0" } }));
    const r = await runCli(["check"], project.dir);
    expect(runs()).toBe(1);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/stale +generated\/manifest\.json/);
  });

  it("misses with other command-line inputs or another output directory", async () => {
    await generate();
    expect((await runCli(["check", "specs/demo"], project.dir)).code).toBe(1);
    expect((await runCli(["check", "--out", "elsewhere"], project.dir)).code).toBe(1);
    expect(runs()).toBe(2);
  });

  it.each([
    ["garbage", "not json at all"],
    ["truncated", (entry: string) => entry.slice(0, entry.length / 2)],
    ["another format", (entry: string) => entry.replace(/"format":"[^"]*"/, '"format":"mcp-specgen check cache 0"')],
    ["an error diagnostic", (entry: string) => entry.replace('"severity":"warning"', '"severity":"error"')],
    ["an unsafe output path", (entry: string) => entry.replace('"manifest.json"', '"../manifest.json"')],
    ["an empty object", "{}"],
  ])("ignores a cache file holding %s, with a valid MAC or without one", async (_name, corrupt) => {
    await generate();
    const [file] = cacheFiles();
    const entry = readFileSync(path.join(project.dir, file!));
    const disk = testDisk(resolveConfig(project.dir, {}));
    const json = decodedJson(entry);
    const corrupted = typeof corrupt === "string" ? corrupt : corrupt(json);
    expect(corrupted).not.toBe(json);
    // With a MAC of this user's key (a bug of its own), and as written by someone else.
    for (const bytes of [encodeEntry(disk, corrupted), Buffer.from(corrupted)]) {
      writeFileSync(path.join(project.dir, file!), bytes);
      const r = await runCli(["check"], project.dir);
      expect(runs()).toBe(1);
      vi.mocked(pipeline.runPipeline).mockClear();
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/is up to date/);
      // The full run replaced it with a good entry.
      expect(readFileSync(path.join(project.dir, file!))).toEqual(entry);
    }
  });

  it("is not used when its output hashes differ from the files on disk", async () => {
    await generate();
    const [file] = cacheFiles();
    const good = readFileSync(path.join(project.dir, file!));
    const entry = JSON.parse(decodedJson(good)) as { outputs: Record<string, string> };
    entry.outputs["types/system_info.ts"] = "0".repeat(64);
    writeFileSync(
      path.join(project.dir, file!),
      encodeEntry(testDisk(resolveConfig(project.dir, {})), JSON.stringify(entry)),
    );
    const r = await runCli(["check"], project.dir);
    expect(runs()).toBe(1);
    expect(r.code).toBe(0);
    expect(readFileSync(path.join(project.dir, file!))).toEqual(good);
  });

  it("is neither read nor written with --no-cache or MCP_SPECGEN_NO_CACHE=1", async () => {
    expect((await runCli(["generate", "--no-cache"], project.dir)).code).toBe(0);
    expect((await runCli(["generate"], project.dir, { env: { MCP_SPECGEN_NO_CACHE: "1" } })).code).toBe(0);
    expect(cacheFiles()).toEqual([]);
    await generate();
    vi.mocked(pipeline.runPipeline).mockClear();
    await runCli(["check", "--no-cache"], project.dir);
    await runCli(["check"], project.dir, { env: { MCP_SPECGEN_NO_CACHE: "1" } });
    expect(runs()).toBe(2);
    await runCli(["check"], project.dir, { env: { MCP_SPECGEN_NO_CACHE: "0" } });
    expect(runs()).toBe(2);
  });

  it("is not written by a run with errors", async () => {
    project.write("specs/demo/MCP_TOOL_SPECIFICATION.md", WARNED.replace("1.0.0", "one"));
    expect((await runCli(["generate"], project.dir)).code).toBe(1);
    expect((await runCli(["check"], project.dir)).code).toBe(1);
    expect(cacheFiles()).toEqual([]);
  });
});
