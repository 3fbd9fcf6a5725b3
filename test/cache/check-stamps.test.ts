import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readFileSync, readdirSync, rmSync, statSync, utimesSync } from "node:fs";
import path from "node:path";
import * as pipeline from "../../src/build/pipeline.js";
import { REPO, runCli, tempProject, type TempProject } from "../helpers/project.js";
import { randomBytes } from "node:crypto";
import { RunCache } from "../../src/cache/index.js";
import type { OutputHashes } from "../../src/session/output-hashes.js";
import { readEntry as readCacheEntry, writeEntry as writeCacheEntry, type CacheEntry } from "../../src/cache/entry.js";
import { CacheKey } from "../../src/cache/mac.js";
import { sha256 } from "../../src/cache/hash.js";
import { resolveConfig } from "../../src/config/load.js";
import { testDisk } from "./disk.js";

// The stamps of the check cache: a generated file whose size, times and inode are those it
// had when its contents were last found to match is not read again; any other is read and
// hashed. The pipeline is spied on, so each test can tell whether a command ran in full.
vi.mock(import("../../src/build/pipeline.js"), async (original) => {
  const actual = await original();
  return { ...actual, runPipeline: vi.fn(actual.runPipeline) };
});
const runs = () => vi.mocked(pipeline.runPipeline).mock.calls.length;

const SYSTEM_INFO = "specs/system_info/MCP_TOOL_SPECIFICATION.md";
const SYSTEM_INFO_TEXT = readFileSync(path.join(REPO, SYSTEM_INFO), "utf8");
/** A generated file with text that can be changed without changing its size. */
const TYPES = "generated/types/system_info.ts";

let project: TempProject;
const cacheDir = () => path.join(project.dir, "node_modules/.cache/mcp-specgen");
const entryFile = () => {
  const entries = readdirSync(cacheDir()).filter((f) => f.endsWith(".json"));
  expect(entries).toHaveLength(1);
  return path.join(cacheDir(), entries[0]!);
};
/** The run entry, read as the CLI reads it (its MAC checked with the tests' key). */
const readEntry = (): CacheEntry => {
  entryFile();
  const entry = readCacheEntry(testDisk(resolveConfig(project.dir, {})));
  if (!entry) throw new Error("no authentic run entry");
  return entry;
};

beforeEach(() => {
  project = tempProject({
    "package.json": '{ "name": "stamp-test", "type": "module" }\n',
    "node_modules/.keep": "",
    [SYSTEM_INFO]: SYSTEM_INFO_TEXT,
  });
  vi.mocked(pipeline.runPipeline).mockClear();
});
afterEach(() => project.dispose());

async function generate(): Promise<void> {
  const r = await runCli(["generate"], project.dir);
  expect(r.code, r.stderr).toBe(0);
  vi.mocked(pipeline.runPipeline).mockClear();
}

/** `text` with one letter changed: the same size in bytes. */
function sameSizeEdit(text: string): string {
  const at = text.indexOf("SystemInfo") >= 0 ? text.indexOf("SystemInfo") : text.indexOf("export");
  expect(at).toBeGreaterThanOrEqual(0);
  const c = text[at]!;
  return `${text.slice(0, at)}${c === "X" ? "Y" : "X"}${text.slice(at + 1)}`;
}

describe("stamps of the check cache", () => {
  it("are recorded for every generated file, with the hash of its contents", async () => {
    await generate();
    const entry = readEntry();
    expect(entry.format).toBe("mcp-specgen check cache 4");
    const abs = path.join(project.dir, TYPES);
    const stamp = entry.stamps["types/system_info.ts"];
    expect(stamp).toBeDefined();
    const s = statSync(abs);
    expect(stamp).toEqual([s.size, s.mtimeMs, s.ctimeMs, s.ino, entry.outputs["types/system_info.ts"]]);
    for (const [file, st] of Object.entries(entry.stamps)) expect(st[4], file).toBe(entry.outputs[file]);
  });

  it("see an edit that keeps the size and the modification time: check reports the drift", async () => {
    await generate();
    const abs = path.join(project.dir, TYPES);
    // A modification time in whole seconds, which utimes sets back exactly (fractions of a
    // millisecond are lost on the way), recorded by a full check.
    const mtime = Math.floor(statSync(abs).mtimeMs / 1000) - 3600;
    utimesSync(abs, mtime, mtime);
    rmSync(entryFile());
    expect((await runCli(["check"], project.dir)).code).toBe(0);
    expect(runs()).toBe(1);
    vi.mocked(pipeline.runPipeline).mockClear();
    const before = statSync(abs);
    expect(readEntry().stamps["types/system_info.ts"]?.slice(0, 4)).toEqual([
      before.size,
      before.mtimeMs,
      before.ctimeMs,
      before.ino,
    ]);
    expect((await runCli(["check"], project.dir)).code).toBe(0);
    expect(runs()).toBe(0);

    const edited = sameSizeEdit(project.read(TYPES));
    expect(Buffer.byteLength(edited)).toBe(before.size);
    // Past the change time's granularity, so the edit surely changes it.
    await new Promise((r) => setTimeout(r, 20));
    project.write(TYPES, edited);
    utimesSync(abs, mtime, mtime);
    const after = statSync(abs);
    expect([after.size, after.mtimeMs, after.ino]).toEqual([before.size, before.mtimeMs, before.ino]);
    expect(after.ctimeMs).not.toBe(before.ctimeMs);

    const r = await runCli(["check"], project.dir);
    expect(runs()).toBe(1);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/stale +generated\/types\/system_info\.ts/);
  });

  it("let a touched but unchanged file be read and hashed: check is up to date without running the pipeline", async () => {
    await generate();
    const abs = path.join(project.dir, TYPES);
    const before = statSync(abs);
    const later = new Date(before.mtimeMs + 60_000);
    utimesSync(abs, later, later);
    expect(statSync(abs).mtimeMs).not.toBe(before.mtimeMs);

    const r = await runCli(["check"], project.dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/is up to date/);
    expect(runs()).toBe(0);
    // And again (the touched file is read every time until a full run records its new stamp).
    expect((await runCli(["check"], project.dir)).code).toBe(0);
    expect(runs()).toBe(0);
  });

  it("answer a no-op generate from the cache, writing nothing", async () => {
    await generate();
    const abs = path.join(project.dir, TYPES);
    const before = statSync(abs);
    const r = await runCli(["generate"], project.dir);
    expect(r.code, r.stderr).toBe(0);
    expect(runs()).toBe(0);
    expect(r.stdout).toMatch(/\d+ tools? → generated\/ \(0 written, \d+ unchanged, 0 removed\)/);
    const after = statSync(abs);
    expect([after.mtimeMs, after.ctimeMs, after.ino]).toEqual([before.mtimeMs, before.ctimeMs, before.ino]);
  });

  it.each([[[] as string[]], [["--json"]]])("answer a no-op generate %j exactly as a full run does", async (flags) => {
    await generate();
    const cached = await runCli(["generate", ...flags], project.dir);
    expect(runs()).toBe(0);
    const full = await runCli(["generate", "--no-cache", ...flags], project.dir);
    expect(runs()).toBe(1);
    // --json has timings, which differ run to run.
    const comparable = (out: string) =>
      flags.includes("--json") ? { ...(JSON.parse(out) as object), timings: {} } : out;
    expect(comparable(cached.stdout)).toEqual(comparable(full.stdout));
    expect(cached.stderr).toBe(full.stderr);
    expect(cached.code).toBe(full.code);
  });

  it("vouch for the contents they were taken of: a file whose stamp still matches is not read", async () => {
    // Shows that the stamp saves the read. Only someone who rewrites the cache entry with
    // this user's key can make a stamp lie (the change time cannot be set back); an entry
    // rewritten without it is not taken (below).
    await generate();
    const abs = path.join(project.dir, TYPES);
    project.write(TYPES, sameSizeEdit(project.read(TYPES)));
    const entry = readEntry();
    const s = statSync(abs);
    entry.stamps["types/system_info.ts"] = [
      s.size,
      s.mtimeMs,
      s.ctimeMs,
      s.ino,
      entry.outputs["types/system_info.ts"]!,
    ];
    const config = resolveConfig(project.dir, {});
    writeCacheEntry(testDisk(config), entry);
    expect((await runCli(["check"], project.dir)).code).toBe(0);
    expect(runs()).toBe(0);
    // Without the cache, the edit is drift.
    expect((await runCli(["check", "--no-cache"], project.dir)).code).toBe(1);
    vi.mocked(pipeline.runPipeline).mockClear();
    // The same lie under another key (someone else's): not taken, the check runs and fails.
    writeCacheEntry({ ...testDisk(config), key: new CacheKey(randomBytes(32)) }, entry);
    expect((await runCli(["check"], project.dir)).code).toBe(1);
    expect(runs()).toBe(1);
  });
});

/** The run cache of the project, with the tests' key. */
function openRunCache(earlier?: OutputHashes): RunCache {
  const config = resolveConfig(project.dir, {});
  return RunCache.open(config, testDisk(config), earlier);
}

describe("files the last run left (RunCache.knownToHold)", () => {
  const cacheOf = () => openRunCache();
  const fileAt = (rel: string) => ({ path: rel.slice("generated/".length), contents: project.read(rel) });

  it("are known to hold what the last run wrote there, until they change, so a run after a change reads only what it writes", async () => {
    await generate();
    const abs = path.join(project.dir, TYPES);
    const file = fileAt(TYPES);
    expect(cacheOf().knownToHold(file, abs)).toBe(true);
    // Other contents than those recorded: not known (the file is read and compared).
    expect(cacheOf().knownToHold({ ...file, contents: `${file.contents} ` }, abs)).toBe(false);
    // Edited in place with size and times kept: the change time still gives it away.
    const { atime, mtime } = statSync(abs);
    project.write(TYPES, sameSizeEdit(file.contents));
    utimesSync(abs, atime, mtime);
    expect(cacheOf().knownToHold(file, abs)).toBe(false);
    // The run then reads it, and puts back what it generates.
    const r = await runCli(["generate"], project.dir);
    expect(r.code, r.stderr).toBe(0);
    expect(project.read(TYPES)).toBe(file.contents);
    expect(cacheOf().knownToHold(file, abs)).toBe(true);
  });

  it("never hide a hand edit from a check after a spec change", async () => {
    await generate();
    // A spec change, so check runs in full; then a same-size edit of a generated file
    // that keeps its modification time.
    const edited = SYSTEM_INFO_TEXT.replace("Reports the status", "Reports the current status");
    expect(edited).not.toBe(SYSTEM_INFO_TEXT);
    project.write(SYSTEM_INFO, edited);
    // The validators do not hold descriptions: the spec change leaves them as they were.
    const validators = "generated/validators/system_info.ts";
    const abs = path.join(project.dir, validators);
    const { atime, mtime } = statSync(abs);
    project.write(validators, sameSizeEdit(project.read(validators)));
    utimesSync(abs, atime, mtime);
    const r = await runCli(["check"], project.dir);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toMatch(/stale\s+generated\/validators\/system_info\.ts/);
  });

  it("reuse the hashes of an earlier run in this process only for the very same contents", async () => {
    await generate();
    const abs = path.join(project.dir, TYPES);
    const file = fileAt(TYPES);
    const earlier: OutputHashes = new Map();
    expect(openRunCache(earlier).knownToHold(file, abs)).toBe(true);
    expect(earlier.get(file.path)).toEqual({ contents: file.contents, hash: sha256(file.contents) });
    // A kept hash is trusted for its own contents only: other contents are hashed again.
    earlier.set(file.path, { contents: "other", hash: sha256("other") });
    expect(openRunCache(earlier).knownToHold(file, abs)).toBe(true);
    earlier.set(file.path, { contents: file.contents, hash: "0".repeat(64) });
    expect(openRunCache(earlier).knownToHold(file, abs)).toBe(false);
    // New contents, where the kept ones are those the record vouches for: known to differ.
    earlier.set(file.path, { contents: file.contents, hash: sha256(file.contents) });
    const changed = { ...file, contents: `${file.contents}// changed\n` };
    expect(openRunCache(earlier).knownToHold(changed, abs)).toBe(false);
  });

  it("are not known without a recorded run (no cache, or a corrupt entry)", async () => {
    await generate();
    const abs = path.join(project.dir, TYPES);
    expect(RunCache.open(resolveConfig(project.dir, {}), undefined).knownToHold(fileAt(TYPES), abs)).toBe(false);
    project.write(path.relative(project.dir, entryFile()), "{ not json");
    expect(cacheOf().knownToHold(fileAt(TYPES), abs)).toBe(false);
  });
});

describe("contents the last run left (RunCache.knownContents)", () => {
  const fileAt = (rel: string) => ({ path: rel.slice("generated/".length), contents: project.read(rel) });

  it("are the contents an earlier build of this process made, while the record and the stamp vouch for them", async () => {
    await generate();
    const abs = path.join(project.dir, TYPES);
    const file = fileAt(TYPES);
    const earlier: OutputHashes = new Map();
    const open = () => openRunCache(earlier);
    // Nothing made in this process yet: not known, even though the record has the file.
    expect(open().knownContents(file, abs)).toBeUndefined();
    earlier.set(file.path, { contents: file.contents, hash: sha256(file.contents) });
    // Asked with new contents: what is known is what the file holds, the old contents.
    expect(open().knownContents({ ...file, contents: `${file.contents}// next\n` }, abs)).toBe(file.contents);
    // Contents the record does not vouch for are not known.
    earlier.set(file.path, { contents: "other", hash: sha256("other") });
    expect(open().knownContents(file, abs)).toBeUndefined();
    earlier.set(file.path, { contents: file.contents, hash: sha256(file.contents) });
    // Edited in place with size and times kept: the change time gives it away.
    const { atime, mtime } = statSync(abs);
    project.write(TYPES, sameSizeEdit(file.contents));
    utimesSync(abs, atime, mtime);
    expect(open().knownContents(file, abs)).toBeUndefined();
    // Without a cache nothing is known.
    expect(RunCache.open(resolveConfig(project.dir, {}), undefined, earlier).knownContents(file, abs)).toBeUndefined();
  });
});
