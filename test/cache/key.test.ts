import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CACHE_KEY_ENV, cacheKeyFile, loadCacheKey } from "../../src/cache/key.js";
import { openDiskCache } from "../../src/cache/disk.js";
import { openDiskStore } from "../../src/cache/disk-store.js";
import type { MemoStore } from "../../src/memo/store.js";
import { resolveConfig } from "../../src/config/load.js";
import * as pipeline from "../../src/build/pipeline.js";
import { REPO, runCli, tempProject, type TempProject } from "../helpers/project.js";

// The key that authenticates a user's cache files: kept outside every project, made on
// first use (0600 in a 0700 directory), refused when others could know it; without a
// private place for it there is no disk cache (and --verbose says why, once).

vi.mock(import("../../src/build/pipeline.js"), async (original) => {
  const actual = await original();
  return { ...actual, runPipeline: vi.fn(actual.runPipeline) };
});
const runs = () => vi.mocked(pipeline.runPipeline).mock.calls.length;

const hasUids = typeof process.getuid === "function";

let home: string;
let project: TempProject;
/** A user with a configuration directory of their own, and no key in the environment. */
const env = () => ({ [CACHE_KEY_ENV]: undefined, XDG_CONFIG_HOME: path.join(home, "config"), HOME: home });
const keyFile = () => path.join(home, "config", "mcp-specgen", "cache-key");

beforeEach(() => {
  home = mkdtempSync(path.join(tmpdir(), "mcp-specgen-key-test-"));
  project = tempProject({
    "package.json": '{ "name": "key-test", "type": "module" }\n',
    "node_modules/.keep": "",
    "specs/system_info/MCP_TOOL_SPECIFICATION.md": readFileSync(
      path.join(REPO, "specs/system_info/MCP_TOOL_SPECIFICATION.md"),
      "utf8",
    ),
  });
  vi.mocked(pipeline.runPipeline).mockClear();
});
afterEach(() => {
  project.dispose();
  rmSync(home, { recursive: true, force: true });
});

describe("the key file", () => {
  it("is $XDG_CONFIG_HOME/mcp-specgen/cache-key, else under $HOME/.config (APPDATA on Windows); none without them", () => {
    expect(cacheKeyFile({ XDG_CONFIG_HOME: "/x/config", HOME: "/h" }, "linux")).toBe(
      path.join("/x/config", "mcp-specgen", "cache-key"),
    );
    expect(cacheKeyFile({ HOME: "/h" }, "linux")).toBe(path.join("/h", ".config", "mcp-specgen", "cache-key"));
    expect(cacheKeyFile({ HOME: "/h", APPDATA: "/appdata" }, "win32")).toBe(
      path.join("/appdata", "mcp-specgen", "cache-key"),
    );
    // Relative paths name no place of the user's: the project's own directory, perhaps.
    expect(cacheKeyFile({ XDG_CONFIG_HOME: "config", HOME: "home" }, "linux")).toBeUndefined();
    expect(cacheKeyFile({}, "linux")).toBeUndefined();
  });

  it.skipIf(!hasUids)("is made on first use with mode 0600 in a 0700 directory, and the same key is read after", () => {
    const first = loadCacheKey(env());
    expect(first.key).toBeDefined();
    expect(statSync(keyFile()).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(keyFile())).mode & 0o777).toBe(0o700);
    expect(readFileSync(keyFile(), "utf8")).toMatch(/^[0-9a-f]{64}\n$/);
    const again = loadCacheKey(env());
    expect(again.key!.mac("test", "data")).toBe(first.key!.mac("test", "data"));
    // A key of another user (another file) gives other MACs.
    const other = mkdtempSync(path.join(tmpdir(), "mcp-specgen-key-test-"));
    try {
      expect(loadCacheKey({ XDG_CONFIG_HOME: other }).key!.mac("test", "data")).not.toBe(
        first.key!.mac("test", "data"),
      );
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it.skipIf(!hasUids)("is refused, never repaired, when others may read or write it, or it is a link", () => {
    expect(loadCacheKey(env()).key).toBeDefined();
    const text = readFileSync(keyFile(), "utf8");
    for (const mode of [0o644, 0o604, 0o640, 0o660, 0o666]) {
      chmodSync(keyFile(), mode);
      const r = loadCacheKey(env());
      expect(r.key, mode.toString(8)).toBeUndefined();
      expect(r.reason).toMatch(/can be read or written by other users \(mode \d+; it must be 600\)/);
      expect(statSync(keyFile()).mode & 0o777).toBe(mode);
      expect(readFileSync(keyFile(), "utf8")).toBe(text);
    }
    chmodSync(keyFile(), 0o600);
    chmodSync(path.dirname(keyFile()), 0o755);
    expect(loadCacheKey(env()).reason).toMatch(/directory of its key, is open to other users \(mode 755/);
    chmodSync(path.dirname(keyFile()), 0o700);
    // A link to a key elsewhere (one someone else may know).
    const elsewhere = path.join(home, "elsewhere-key");
    writeFileSync(elsewhere, text, { mode: 0o600 });
    rmSync(keyFile());
    symlinkSync(elsewhere, keyFile());
    expect(loadCacheKey(env()).reason).toMatch(/is a symbolic link/);
    rmSync(keyFile());
    writeFileSync(keyFile(), "not a key\n", { mode: 0o600 });
    expect(loadCacheKey(env()).reason).toMatch(/is not a key mcp-specgen wrote/);
    // The directory as a link.
    rmSync(path.dirname(keyFile()), { recursive: true });
    mkdirSync(path.join(home, "real-dir"), { mode: 0o700 });
    symlinkSync(path.join(home, "real-dir"), path.dirname(keyFile()));
    expect(loadCacheKey(env()).reason).toMatch(/directory of its key, is a symbolic link/);
  });

  it.skipIf(!hasUids || process.getuid?.() !== 0)(
    "is refused when it or its directory belongs to another user (as root)",
    () => {
      expect(loadCacheKey(env()).key).toBeDefined();
      chownSync(keyFile(), 12345, 12345);
      expect(loadCacheKey(env()).reason).toMatch(/cache-key belongs to another user/);
      chownSync(keyFile(), 0, 0);
      chownSync(path.dirname(keyFile()), 12345, 12345);
      expect(loadCacheKey(env()).reason).toMatch(/directory of its key, belongs to another user/);
    },
  );

  it("comes from MCP_SPECGEN_CACHE_KEY when set (32 characters or more), and no file is made", () => {
    const given = loadCacheKey({ ...env(), [CACHE_KEY_ENV]: "x".repeat(32) });
    expect(given.key).toBeDefined();
    expect(given.key!.mac("t")).toBe(loadCacheKey({ [CACHE_KEY_ENV]: "x".repeat(32) }).key!.mac("t"));
    expect(loadCacheKey({ [CACHE_KEY_ENV]: "y".repeat(32) }).key!.mac("t")).not.toBe(given.key!.mac("t"));
    expect(loadCacheKey({ ...env(), [CACHE_KEY_ENV]: "short" }).reason).toMatch(
      /MCP_SPECGEN_CACHE_KEY is shorter than 32 characters/,
    );
    expect(() => statSync(keyFile())).toThrow();
  });
});

describe("the disk cache and its key", () => {
  it("caches normally for the user whose key made the files: check answers from the cache, the memo hits", async () => {
    expect((await runCli(["generate"], project.dir, { env: env() })).code).toBe(0);
    expect(statSync(keyFile()).isFile()).toBe(true);
    vi.mocked(pipeline.runPipeline).mockClear();
    expect((await runCli(["check"], project.dir, { env: env() })).code).toBe(0);
    expect(runs()).toBe(0);
    // The memo: a full run after the first finds every value it asks for.
    const config = resolveConfig(project.dir, {});
    const disk = openDiskCache(config, loadCacheKey(env())).disk;
    const counted = counting(openDiskStore(disk)!);
    const actual = await vi.importActual<typeof pipeline>("../../src/build/pipeline.js");
    await actual.runPipeline(config, { store: counted });
    expect(counted.hits).toBeGreaterThan(0);
    expect(counted.misses).toBe(0);
    // Another user's key (the test suite's own) finds nothing of it.
    const other = counting(
      openDiskStore(openDiskCache(config, loadCacheKey({ [CACHE_KEY_ENV]: "z".repeat(40) })).disk)!,
    );
    await actual.runPipeline(config, { store: other });
    expect(other.hits).toBe(0);
    expect(other.misses).toBeGreaterThan(0);
  });

  it("is not used without a private place for the key; --verbose says why, once", async () => {
    const noHome = { [CACHE_KEY_ENV]: undefined };
    const r = await runCli(["generate", "--verbose"], project.dir, { env: noHome });
    expect(r.code).toBe(0);
    expect(r.stderr.split("\n").filter((l) => /disk cache/.test(l))).toEqual([
      "mcp-specgen: running without the disk cache: there is no private place for its key (set XDG_CONFIG_HOME or HOME, or MCP_SPECGEN_CACHE_KEY to a secret of 32 characters or more)",
    ]);
    expect(() => statSync(path.join(project.dir, "node_modules/.cache"))).toThrow();
    vi.mocked(pipeline.runPipeline).mockClear();
    const check = await runCli(["check"], project.dir, { env: noHome });
    expect(check.code).toBe(0);
    expect(check.stderr).toBe("");
    expect(runs()).toBe(1);
  });

  it.skipIf(!hasUids)("is not used with a key others can read; the key is left as it is", async () => {
    expect((await runCli(["generate"], project.dir, { env: env() })).code).toBe(0);
    chmodSync(keyFile(), 0o644);
    vi.mocked(pipeline.runPipeline).mockClear();
    const r = await runCli(["check", "--verbose"], project.dir, { env: env() });
    expect(r.code).toBe(0);
    expect(runs()).toBe(1);
    expect(r.stderr).toMatch(/running without the disk cache: .*cache-key can be read or written by other users/);
    expect(statSync(keyFile()).mode & 0o777).toBe(0o644);
  });
});

function counting(store: MemoStore): MemoStore & { hits: number; misses: number } {
  const counted = {
    hits: 0,
    misses: 0,
    get(key: string) {
      const value = store.get(key);
      if (value === undefined) counted.misses++;
      else counted.hits++;
      return value;
    },
    set: (key: string, value: unknown) => store.set(key, value),
  };
  return counted;
}
