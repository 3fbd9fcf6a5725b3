import { afterEach, describe, expect, it } from "vitest";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { resolveConfig } from "../../src/config/load.js";
import { CACHE_FORMAT, parseEntry, readEntry, writeEntry, type CacheEntry } from "../../src/cache/entry.js";
import { runFingerprint } from "../../src/cache/fingerprint.js";
import { cacheLocation, isPrivate } from "../../src/cache/location.js";
import { RunCache, cacheEnabled } from "../../src/cache/index.js";
import { generatorIdentity } from "../../src/package-info/identity.js";
import type { DiskCache } from "../../src/cache/disk.js";
import { CacheKey } from "../../src/cache/mac.js";
import { testDisk } from "./disk.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function scratch(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), "mcp-specgen-cache-test-"));
  dirs.push(dir);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

const HASH = "a".repeat(64);
/** An entry's file name, as `cacheLocation` makes them. */
const ENTRY_NAME = `${"e".repeat(32)}.json`;

/** A disk cache in `dir/name`, with a key of its own. */
function diskIn(dir: string, name: string, shared = false): DiskCache {
  const cacheDir = path.join(dir, name);
  return {
    location: { base: dir, dir: cacheDir, file: path.join(cacheDir, ENTRY_NAME), shared },
    key: new CacheKey(randomBytes(32)),
  };
}
const ENTRY: CacheEntry = {
  format: CACHE_FORMAT,
  fingerprint: HASH,
  tools: 2,
  outputs: { "index.ts": HASH, ".mcp-specgen-files.json": HASH },
  stamps: { "index.ts": [10, 1700000000123.5, 1700000000123.5, 42, HASH] },
  diagnostics: [
    { severity: "warning", code: "X", message: "m", help: "h", loc: { file: "specs/a.md", line: 1, column: 2 } },
  ],
  refused: { total: 1, byDefault: 1 },
};

describe("cache entries", () => {
  it("parse only when complete and well-formed", () => {
    expect(parseEntry(JSON.stringify(ENTRY))).toEqual(ENTRY);
    const broken: unknown[] = [
      null,
      [],
      { ...ENTRY, format: "other" },
      { ...ENTRY, fingerprint: "abc" },
      { ...ENTRY, tools: -1 },
      { ...ENTRY, tools: 1.5 },
      { ...ENTRY, outputs: { "index.ts": HASH } },
      { ...ENTRY, outputs: { ...ENTRY.outputs, "/etc/passwd": HASH } },
      { ...ENTRY, outputs: { ...ENTRY.outputs, "a.ts": "nothex" } },
      { ...ENTRY, stamps: undefined },
      { ...ENTRY, stamps: { "other.ts": [1, 2, 3, 4, HASH] } },
      { ...ENTRY, stamps: { "index.ts": [1, 2, 3, HASH] } },
      { ...ENTRY, stamps: { "index.ts": [1, 2, "3", 4, HASH] } },
      { ...ENTRY, stamps: { "index.ts": [1, 2, 3, 4, "b".repeat(64)] } },
      { ...ENTRY, diagnostics: {} },
      { ...ENTRY, diagnostics: [{ ...ENTRY.diagnostics[0], severity: "error" }] },
      { ...ENTRY, diagnostics: [{ ...ENTRY.diagnostics[0], loc: { file: "a", line: "1", column: 1 } }] },
      { ...ENTRY, diagnostics: [{ ...ENTRY.diagnostics[0], help: 5 }] },
      { ...ENTRY, refused: undefined },
      { ...ENTRY, refused: { total: 3, byDefault: 0 } },
      { ...ENTRY, refused: { total: 1, byDefault: 2 } },
      { ...ENTRY, refused: { total: 1, byDefault: -1 } },
    ];
    for (const b of broken) expect(parseEntry(JSON.stringify(b)), JSON.stringify(b)).toBeUndefined();
    expect(parseEntry("{")).toBeUndefined();
  });

  it("are written atomically, leaving no temporary file, and write failures are ignored", () => {
    const dir = scratch();
    const disk = diskIn(dir, "cache");
    writeEntry(disk, ENTRY);
    expect(readdirSync(disk.location.dir)).toEqual([ENTRY_NAME]);
    expect(readEntry(disk)).toEqual(ENTRY);
    // A file where the cache directory should be: nothing is written, nothing thrown.
    const blocked = diskIn(dir, "file");
    writeFileSync(blocked.location.dir, "x");
    expect(() => writeEntry(blocked, ENTRY)).not.toThrow();
    expect(readEntry(blocked)).toBeUndefined();
  });
});

describe("cache directories", () => {
  it("keep the 64 most recent entries and none older than a week, and never remove a file the cache did not name", () => {
    const dir = scratch();
    const cacheDir = path.join(dir, "cache");
    mkdirSync(cacheDir);
    const now = Date.now() / 1000;
    const entryName = (i: number) => `${i.toString(16).padStart(32, "0")}.json`;
    const age = (file: string, seconds: number) => utimesSync(file, now - seconds, now - seconds);
    for (let i = 0; i < 70; i++) {
      // Entry 0 is the oldest; entry 69 was written a minute ago.
      writeFileSync(path.join(cacheDir, entryName(i)), "{}");
      age(path.join(cacheDir, entryName(i)), (70 - i) * 60);
      // Files of other names, as old and older: not the cache's.
      writeFileSync(path.join(cacheDir, `notes-${i}.json`), "{}");
      age(path.join(cacheDir, `notes-${i}.json`), (70 - i) * 60 + 8 * 24 * 3600);
    }
    const ancient = path.join(cacheDir, entryName(1000));
    writeFileSync(ancient, "{}");
    age(ancient, 8 * 24 * 3600);
    const abandoned = path.join(cacheDir, `.${entryName(1001)}.mcp-specgen-1-0000abcd.tmp`);
    writeFileSync(abandoned, "{");
    age(abandoned, 8 * 24 * 3600);
    writeEntry(diskIn(dir, "cache"), ENTRY);
    const left = readdirSync(cacheDir).sort();
    const entries = left.filter((n) => /^[0-9a-f]{32}\.json$/.test(n));
    expect(entries).toHaveLength(64);
    expect(entries).toContain(ENTRY_NAME);
    expect(entries).not.toContain(entryName(1000));
    expect(left).not.toContain(path.basename(abandoned));
    expect(entries).not.toContain(entryName(6));
    expect(entries).toContain(entryName(7));
    expect(left.filter((n) => n.startsWith("notes-"))).toHaveLength(70);
  });
});

describe("cache location", () => {
  it("is node_modules/.cache/mcp-specgen of the nearest package, one entry per working and output directory", () => {
    const dir = scratch({ "package.json": "{}", "node_modules/.keep": "", "sub/dir/x": "" });
    const a = cacheLocation(path.join(dir, "sub/dir"), path.join(dir, "generated"));
    expect(a.dir).toBe(path.join(dir, "node_modules/.cache/mcp-specgen"));
    expect(a.shared).toBe(false);
    expect(cacheLocation(path.join(dir, "sub/dir"), path.join(dir, "other")).file).not.toBe(a.file);
    expect(cacheLocation(dir, path.join(dir, "generated")).file).not.toBe(a.file);
  });

  it("falls back to a per-user directory in the temp directory without node_modules", () => {
    const dir = scratch({ "package.json": "{}" });
    const loc = cacheLocation(dir, path.join(dir, "generated"));
    expect(loc.shared).toBe(true);
    expect(path.dirname(loc.dir)).toBe(tmpdir());
    expect(path.basename(loc.dir)).toMatch(/^mcp-specgen-cache-/);
  });

  it.skipIf(typeof process.getuid !== "function")(
    "trusts a shared directory only when nobody else can write it",
    () => {
      const dir = scratch();
      const disk = diskIn(dir, "cache", true);
      const loc = disk.location;
      writeEntry(disk, ENTRY);
      chmodSync(loc.dir, 0o700);
      chmodSync(loc.file, 0o600);
      expect(isPrivate(loc.dir, "directory")).toBe(true);
      expect(readEntry(disk)).toEqual(ENTRY);
      chmodSync(loc.dir, 0o777);
      expect(readEntry(disk)).toBeUndefined();
      chmodSync(loc.dir, 0o700);
      chmodSync(loc.file, 0o666);
      expect(readEntry(disk)).toBeUndefined();
      // The same entry in the project's own cache is taken: its MAC vouches for it.
      expect(readEntry({ ...disk, location: { ...loc, shared: false } })).toEqual(ENTRY);
    },
  );
});

describe("run fingerprints", () => {
  const SPEC = JSON.stringify({ name: "demo.x", description: "d", inputSchema: { type: "object" } });

  it("change with the generator, the config, and every input file's path and bytes", () => {
    const dir = scratch({ "specs/a.json": SPEC, "specs/b/c.md": "# c\n" });
    const config = resolveConfig(dir, {});
    const base = runFingerprint(config, "id1");
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(runFingerprint(config, "id1")).toBe(base);
    expect(runFingerprint(config, "id2")).not.toBe(base);
    expect(runFingerprint(resolveConfig(dir, { naming: "module-tool" }), "id1")).not.toBe(base);
    writeFileSync(path.join(dir, "specs/a.json"), `${SPEC} `);
    const edited = runFingerprint(config, "id1");
    expect(edited).not.toBe(base);
    writeFileSync(path.join(dir, "specs/new.md"), "");
    expect(runFingerprint(config, "id1")).not.toBe(edited);
    // Files the pipeline does not read change nothing: other extensions, the output directory.
    rmSync(path.join(dir, "specs/new.md"));
    writeFileSync(path.join(dir, "specs/notes.txt"), "x");
    mkdirSync(path.join(dir, "generated"));
    writeFileSync(path.join(dir, "generated/manifest.json"), "{}");
    expect(runFingerprint(config, "id1")).toBe(edited);
  });

  it("are undefined when an input is missing or a file is over its size limit", () => {
    const dir = scratch({ "specs/a.json": SPEC });
    expect(runFingerprint(resolveConfig(dir, { inputs: ["nope"] }), "id")).toBeUndefined();
    expect(runFingerprint(resolveConfig(dir, { limits: { maxJsonBytes: 10 } }), "id")).toBeUndefined();
  });

  it("of the running generator are stable within a process", () => {
    expect(generatorIdentity()).toMatch(/^[0-9a-f]{64}$/);
    expect(generatorIdentity()).toBe(generatorIdentity());
  });
});

describe("RunCache", () => {
  it("does not record a run whose inputs changed while it ran", () => {
    const dir = scratch({ "package.json": "{}", "node_modules/.keep": "", "specs/a.json": "{}" });
    const config = resolveConfig(dir, {});
    const files = [{ path: ".mcp-specgen-files.json", contents: "{}" }];
    const cache = RunCache.open(config, testDisk(config));
    writeFileSync(path.join(dir, "specs/a.json"), "{ }");
    cache.record({ tools: [], files, diagnostics: [], refused: { total: 0, byDefault: 0 } });
    expect(() => readdirSync(path.join(dir, "node_modules/.cache/mcp-specgen"))).toThrow();
    RunCache.open(config, testDisk(config)).record({
      tools: [],
      files,
      diagnostics: [],
      refused: { total: 0, byDefault: 0 },
    });
    expect(readdirSync(path.join(dir, "node_modules/.cache/mcp-specgen"))).toHaveLength(1);
  });

  it("is off with --no-cache or MCP_SPECGEN_NO_CACHE set to anything but 0", () => {
    expect(cacheEnabled(false, {})).toBe(true);
    expect(cacheEnabled(true, {})).toBe(false);
    expect(cacheEnabled(false, { MCP_SPECGEN_NO_CACHE: "1" })).toBe(false);
    expect(cacheEnabled(false, { MCP_SPECGEN_NO_CACHE: "true" })).toBe(false);
    expect(cacheEnabled(false, { MCP_SPECGEN_NO_CACHE: "0" })).toBe(true);
    expect(cacheEnabled(false, { MCP_SPECGEN_NO_CACHE: "" })).toBe(true);
  });
});
