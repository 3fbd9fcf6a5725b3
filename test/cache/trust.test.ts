import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { randomBytes } from "node:crypto";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { serialize } from "node:v8";
import { resolveConfig } from "../../src/config/load.js";
import type { DiskCache } from "../../src/cache/disk.js";
import { readEntry, writeEntry } from "../../src/cache/entry.js";
import { sha256 } from "../../src/cache/hash.js";
import { CacheKey } from "../../src/cache/mac.js";
import { openDiskStore } from "../../src/cache/disk-store.js";
import type { MemoStore } from "../../src/memo/store.js";
import * as pipeline from "../../src/build/pipeline.js";
import { REPO, runCli, tempProject, type TempProject } from "../helpers/project.js";
import { testDisk } from "./disk.js";

// The disk cache is trusted only with this user's key (security issue 26): a memo file or
// run entry written by someone who can write the cache directory, but does not have the
// key, is a miss and is replaced; a cache directory that is a symbolic link is never read,
// written or cleaned. bench/security/crafted-cache.js runs the same attacks on the CLI.

vi.mock(import("../../src/build/pipeline.js"), async (original) => {
  const actual = await original();
  return { ...actual, runPipeline: vi.fn(actual.runPipeline) };
});
const runs = () => vi.mocked(pipeline.runPipeline).mock.calls.length;

const SYSTEM_INFO = "specs/system_info/MCP_TOOL_SPECIFICATION.md";
const MARKER = "CRAFTED_CACHE_CODE";
const INJECTED = `globalThis.${MARKER} = true;\n`;

let project: TempProject;
const cacheDir = () => path.join(project.dir, "node_modules/.cache/mcp-specgen");
const memoDir = () => path.join(cacheDir(), "memo");
const disk = (): DiskCache => testDisk(resolveConfig(project.dir, {}));
/** The same cache directory, with someone else's key. */
const attackerDisk = (): DiskCache => ({ ...disk(), key: new CacheKey(randomBytes(32)) });

beforeEach(() => {
  project = tempProject({
    "package.json": '{ "name": "trust-test", "type": "module" }\n',
    "node_modules/.keep": "",
    [SYSTEM_INFO]: readFileSync(path.join(REPO, SYSTEM_INFO), "utf8"),
  });
  vi.mocked(pipeline.runPipeline).mockClear();
});
afterEach(() => project.dispose());

/** Every generated file's text. */
function output(): string {
  return project
    .list("generated")
    .map((f) => project.read(`generated/${f}`))
    .join("\n");
}

/** The memo keys whose value holds a validators module (ajv's code, behind @ts-nocheck). */
function validatorMemoKeys(): string[] {
  return readdirSync(memoDir())
    .map((name) => name.slice(0, -".bin".length))
    .filter((key) => JSON.stringify(openDiskStore(disk())!.get(key) ?? null).includes("@ts-nocheck"));
}

/** `value` (a memo value holding validator code) with INJECTED after the code's first line. */
function withInjectedCode(value: unknown): unknown {
  const text = JSON.stringify(value).replace(/(@ts-nocheck[^\\]*\\n)/, `$1${JSON.stringify(INJECTED).slice(1, -1)}`);
  expect(text).toContain(MARKER);
  return JSON.parse(text);
}

/**
 * The memo file of `key` with `value`, as an attacker can write it: the layout the store
 * writes, with the payload's SHA-256 where the MAC goes (the integrity line of the old
 * layout), or with a MAC their own key made.
 */
function craftMemo(key: string, value: unknown, how: "sha256" | "other key"): void {
  if (how === "other key") {
    openDiskStore(attackerDisk())!.set(key, value);
    return;
  }
  const file = path.join(memoDir(), `${key}.bin`);
  const bytes = readFileSync(file);
  const headerEnd = bytes.indexOf(10, bytes.indexOf(10, bytes.indexOf(10) + 1) + 1) + 1;
  // The magic line, the key, the integrity line and "" (after the last newline).
  const header = bytes.toString("latin1", 0, headerEnd).split("\n");
  const payload = serialize(value);
  header[2] = sha256(payload);
  writeFileSync(file, Buffer.concat([Buffer.from(header.join("\n")), payload]));
}

describe("a memo file written without this user's key", () => {
  it.each(["sha256", "other key"] as const)(
    "(%s) never reaches the generated code; check agrees with --no-cache; the file is replaced",
    async (how) => {
      expect((await runCli(["generate"], project.dir)).code).toBe(0);
      const clean = output();
      const keys = validatorMemoKeys();
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) craftMemo(key, withInjectedCode(openDiskStore(disk())!.get(key)), how);
      // The run entries would answer from the cache: the attacker removes them.
      for (const name of readdirSync(cacheDir())) if (name.endsWith(".json")) rmSync(path.join(cacheDir(), name));
      expect(await runCli(["generate"], project.dir)).toMatchObject({ code: 0 });
      expect(output()).not.toContain(MARKER);
      expect(output()).toBe(clean);
      // Each crafted file was a miss, and was overwritten with an authentic one.
      for (const key of keys) {
        const value = openDiskStore(disk())!.get(key);
        expect(value).toBeDefined();
        expect(JSON.stringify(value)).not.toContain(MARKER);
      }
      // The attack as measured: crafted memos, and the code they carried already in the
      // output (from a run before the fix). `check` with the cache must report the drift
      // exactly as `check --no-cache` does.
      for (const key of keys) craftMemo(key, withInjectedCode(openDiskStore(disk())!.get(key)), how);
      const validators = project.list("generated/validators").map((f) => `generated/validators/${f}`);
      for (const file of validators) project.write(file, project.read(file).replace("\n", `\n${INJECTED}`));
      vi.mocked(pipeline.runPipeline).mockClear();
      const cached = await runCli(["check"], project.dir);
      const uncached = await runCli(["check", "--no-cache"], project.dir);
      expect(cached.code).toBe(1);
      expect(cached).toEqual(uncached);
      expect(cached.stderr).toMatch(/stale +generated\/validators\//);
      // The next cached generate repairs the output and does not put the code back.
      expect((await runCli(["generate"], project.dir)).code).toBe(0);
      expect(output()).toBe(clean);
    },
  );

  it("with a MAC of another key is a miss in the store, and each key's set replaces the other's file", () => {
    const mine = openDiskStore(disk())!;
    const theirs = openDiskStore(attackerDisk())!;
    const key = "ab".repeat(32);
    theirs.set(key, { from: "them" });
    expect(theirs.get(key)).toEqual({ from: "them" });
    expect(mine.get(key)).toBeUndefined();
    mine.set(key, { from: "me" });
    expect(mine.get(key)).toEqual({ from: "me" });
    expect(theirs.get(key)).toBeUndefined();
  });
});

describe("a run entry written without this user's key", () => {
  it("is not taken: check reports an edited output file as drift, and the entry is replaced", async () => {
    expect((await runCli(["generate"], project.dir)).code).toBe(0);
    const entry = readEntry(disk())!;
    expect(entry).toBeDefined();
    // Edit a generated file, then vouch for the edit in an entry made with another key.
    const rel = project.list("generated/validators")[0]!;
    const file = `generated/validators/${rel}`;
    project.write(file, project.read(file).replace("\n", `\n${INJECTED}`));
    const edited = readFileSync(path.join(project.dir, file));
    const forged = { ...entry, outputs: { ...entry.outputs, [`validators/${rel}`]: sha256(edited) }, stamps: {} };
    writeEntry(attackerDisk(), forged);
    expect(readEntry(disk())).toBeUndefined();
    vi.mocked(pipeline.runPipeline).mockClear();
    const r = await runCli(["check"], project.dir);
    expect(runs()).toBe(1);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/stale +generated\/validators\//);
    // The same entry with this user's key would be taken (what the MAC is for).
    writeEntry(disk(), forged);
    vi.mocked(pipeline.runPipeline).mockClear();
    expect((await runCli(["check"], project.dir)).code).toBe(0);
    expect(runs()).toBe(0);
  });
});

/** Files below `dir`, recursively, with their contents. */
function contentsBelow(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => {
        const abs = path.join(e.parentPath, e.name);
        return [path.relative(dir, abs), readFileSync(abs, "utf8")];
      }),
  );
}

describe.skipIf(process.platform === "win32")("a cache path with a symbolic link", () => {
  /**
   * 80 files that are not the cache's — some with the names of entries and memo files — in
   * `elsewhere/<below>`, where the cache directory (or memo directory) lands through a link
   * to `elsewhere`.
   */
  function victim(below: string): string {
    const root = path.join(project.dir, "elsewhere");
    const dir = path.join(root, below);
    mkdirSync(path.join(dir, "memo"), { recursive: true });
    for (let i = 0; i < 65; i++) writeFileSync(path.join(dir, `note-${i}.json`), `${i}\n`);
    for (let i = 0; i < 5; i++) {
      writeFileSync(path.join(dir, `${String(i).repeat(32)}.json`), "not ours\n");
      writeFileSync(path.join(dir, `${String(i).repeat(64)}.bin`), "not ours\n");
      writeFileSync(path.join(dir, "memo", `${String(i).repeat(64)}.bin`), "not ours\n");
    }
    return root;
  }

  it.each([
    ["the cache directory", "node_modules/.cache/mcp-specgen", ""],
    [".cache", "node_modules/.cache", "mcp-specgen"],
    ["node_modules", "node_modules", ".cache/mcp-specgen"],
    ["the memo directory", "node_modules/.cache/mcp-specgen/memo", ""],
  ])(
    "(%s) is refused: nothing there is read, written or removed, and --verbose says so once",
    async (_name, link, below) => {
      const target = victim(below);
      const linkPath = path.join(project.dir, link);
      rmSync(linkPath, { recursive: true, force: true });
      mkdirSync(path.dirname(linkPath), { recursive: true });
      symlinkSync(target, linkPath, "dir");
      const before = contentsBelow(target);
      expect(Object.keys(before)).toHaveLength(80);
      const r = await runCli(["generate", "--verbose"], project.dir);
      expect(r.code).toBe(0);
      const notes = r.stderr.split("\n").filter((l) => l.includes("running without the disk cache"));
      expect(notes).toEqual([
        expect.stringMatching(/is a symbolic link \(a cache there is never read, written or cleaned\)$/),
      ]);
      // Without --verbose, no note; and nothing is answered from a cache.
      vi.mocked(pipeline.runPipeline).mockClear();
      const quiet = await runCli(["check"], project.dir);
      expect(quiet.code).toBe(0);
      expect(quiet.stderr).not.toMatch(/disk cache/);
      expect(runs()).toBe(1);
      expect(contentsBelow(target)).toEqual(before);
      expect(lstatSync(linkPath).isSymbolicLink()).toBe(true);
    },
  );

  it("(the run entry) is refused too, and the link's target is left as it is", async () => {
    expect((await runCli(["generate"], project.dir)).code).toBe(0);
    const [entry] = readdirSync(cacheDir()).filter((n) => n.endsWith(".json"));
    const target = path.join(project.dir, "elsewhere.json");
    renameSync(path.join(cacheDir(), entry!), target);
    const before = readFileSync(target);
    symlinkSync(target, path.join(cacheDir(), entry!));
    vi.mocked(pipeline.runPipeline).mockClear();
    const r = await runCli(["check", "--verbose"], project.dir);
    expect(r.code).toBe(0);
    expect(runs()).toBe(1);
    expect(r.stderr).toMatch(/running without the disk cache: .*\.json is a symbolic link/);
    expect(readFileSync(target)).toEqual(before);
    expect(lstatSync(path.join(cacheDir(), entry!)).isSymbolicLink()).toBe(true);
  });

  it("(a memo file) is a miss and is replaced by a regular file; its target is left as it is", () => {
    const store: MemoStore = openDiskStore(disk())!;
    const key = "cd".repeat(32);
    store.set(key, { real: true });
    const file = path.join(memoDir(), `${key}.bin`);
    const target = path.join(project.dir, "elsewhere.bin");
    renameSync(file, target);
    symlinkSync(target, file);
    expect(store.get(key)).toBeUndefined();
    store.set(key, { again: true });
    expect(lstatSync(file).isFile()).toBe(true);
    expect(store.get(key)).toEqual({ again: true });
    expect(existsSync(target)).toBe(true);
  });
});
