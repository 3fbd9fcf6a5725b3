import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import path from "node:path";
import { resolveConfig } from "../../src/config/load.js";
import type { ResolvedConfig } from "../../src/config/types.js";
import { DiagnosticBag } from "../../src/diagnostics/types.js";
import { openDiskStore } from "../../src/cache/disk-store.js";
import { contentKey } from "../../src/memo/content-key.js";
import { memoryStore, type MemoStore } from "../../src/memo/store.js";
import { withReplayedFindings } from "../../src/memo/replayed-findings.js";
import { tempProject, type TempProject } from "../helpers/project.js";
import { testDisk } from "./disk.js";

// The memo store: values found again by a hash of what they were computed from. A file that
// is not exactly what the store wrote for that key is a miss (never an exception, never a
// wrong value), and the next `set` replaces it.

let project: TempProject;
let config: ResolvedConfig;
/** The project has a package.json and node_modules: its memo lives in node_modules/.cache. */
const memoDir = () => path.join(project.dir, "node_modules/.cache/mcp-specgen/memo");
const fileOf = (key: string) => path.join(memoDir(), `${key}.bin`);
const open = (): MemoStore => {
  const store = openDiskStore(testDisk(config));
  if (!store) throw new Error("no disk store");
  return store;
};

beforeEach(() => {
  project = tempProject({ "package.json": '{ "name": "memo-test" }\n', "node_modules/.keep": "" });
  config = resolveConfig(project.dir, {});
});
afterEach(() => project.dispose());

/** Plain data of every kind the pipeline stores, with the corners structured clone must keep. */
function sample(): Record<string, unknown> {
  const withProto = JSON.parse('{ "__proto__": { "polluted": true }, "constructor": "c", "x": 1 }') as object;
  return {
    nested: { a: [1, 2, { b: [null, true, "s"] }], deep: { deeper: { deepest: [[[]]] } } },
    withProto,
    undefinedMember: undefined,
    sparse: [1, undefined, 3],
    negativeZero: -0,
    numbers: [Number.MAX_SAFE_INTEGER, Number.MIN_VALUE, Number.NaN, Number.POSITIVE_INFINITY, 1e-300],
    large: "ä€😀x".repeat(300_000),
    empty: "",
    unicode: "\u0000\u2028\ud83d\ude00",
  };
}

function expectSample(got: unknown): void {
  const expected = sample();
  expect(got).toEqual(expected);
  const g = got as Record<string, unknown>;
  // toEqual does not tell these apart: check them one by one.
  expect(Object.is(g.negativeZero, -0)).toBe(true);
  expect(Object.hasOwn(g, "undefinedMember")).toBe(true);
  expect(Object.hasOwn(g.withProto as object, "__proto__")).toBe(true);
  expect(Object.getPrototypeOf(g.withProto)).toBe(Object.prototype);
  expect((g.withProto as { polluted?: unknown }).polluted).toBeUndefined();
  expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  expect(Object.getOwnPropertyDescriptor(g.withProto, "__proto__")?.value).toEqual({ polluted: true });
  expect(g.large).toBe(expected.large);
  expect((g.sparse as unknown[]).length).toBe(3);
}

describe("contentKey", () => {
  it("is 64 hex digits, and differs by kind and by any change of a part", () => {
    const key = contentKey("parse", "a.md", "x");
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(contentKey("parse", "a.md", "x")).toBe(key);
    expect(contentKey("other", "a.md", "x")).not.toBe(key);
    expect(contentKey("parse", "a.md", "y")).not.toBe(key);
    expect(contentKey("parse", "b.md", "x")).not.toBe(key);
  });

  it("never hashes two lists of parts as one text", () => {
    expect(contentKey("k", "ab", "c")).not.toBe(contentKey("k", "a", "bc"));
    expect(contentKey("k", "a\0", "b")).not.toBe(contentKey("k", "a", "\0b"));
    expect(contentKey("k", "")).not.toBe(contentKey("k"));
    expect(contentKey("k1", "")).not.toBe(contentKey("k", "1"));
  });
});

describe("the disk store", () => {
  it("is undefined when turned off", () => {
    expect(openDiskStore(undefined)).toBeUndefined();
  });

  it("creates nothing until the first set, then keeps values across stores", () => {
    const store = open();
    const key = contentKey("test", "round trip");
    expect(store.get(key)).toBeUndefined();
    expect(existsSync(path.join(project.dir, "node_modules/.cache"))).toBe(false);
    store.set(key, sample());
    expect(readdirSync(memoDir())).toEqual([`${key}.bin`]);
    expectSample(store.get(key));
    // Another store (another run) finds it too.
    expectSample(open().get(key));
  });

  it("replaces a value set again under the same key", () => {
    const store = open();
    const key = contentKey("test", "replace");
    store.set(key, { v: 1 });
    store.set(key, { v: 2 });
    expect(store.get(key)).toEqual({ v: 2 });
    expect(readdirSync(memoDir())).toEqual([`${key}.bin`]);
  });

  describe.each([
    ["truncated", (bytes: Buffer) => bytes.subarray(0, bytes.length - 7)],
    ["truncated in the header", (bytes: Buffer) => bytes.subarray(0, 40)],
    ["empty", () => Buffer.alloc(0)],
    [
      "with a flipped payload byte",
      (bytes: Buffer) => {
        const copy = Buffer.from(bytes);
        copy[copy.length - 3]! ^= 0x01;
        return copy;
      },
    ],
    [
      "with another magic line",
      (bytes: Buffer) =>
        Buffer.from(bytes.toString("latin1").replace("mcp-specgen memo 2", "mcp-specgen memo 0"), "latin1"),
    ],
    ["with another tool's contents", () => Buffer.from("something else entirely\n")],
  ])("a file %s", (_name, corrupt) => {
    it("is a miss, and the next set replaces it", () => {
      const store = open();
      const key = contentKey("test", "corrupt");
      store.set(key, { value: "good", list: [1, 2, 3] });
      writeFileSync(fileOf(key), corrupt(readFileSync(fileOf(key))));
      expect(store.get(key)).toBeUndefined();
      expect(open().get(key)).toBeUndefined();
      store.set(key, { value: "again" });
      expect(open().get(key)).toEqual({ value: "again" });
    });
  });

  it("misses a file written for another key (renamed), and the next set replaces it", () => {
    const store = open();
    const a = contentKey("test", "a");
    const b = contentKey("test", "b");
    store.set(a, { from: "a" });
    renameSync(fileOf(a), fileOf(b));
    expect(store.get(b)).toBeUndefined();
    expect(store.get(a)).toBeUndefined();
    store.set(b, { from: "b" });
    expect(store.get(b)).toEqual({ from: "b" });
  });

  it("refuses keys that are not 64 hex digits, without throwing or writing outside memo/", () => {
    const store = open();
    for (const key of [
      "",
      "abc",
      "A".repeat(64),
      `${"a".repeat(63)}g`,
      "a".repeat(65),
      `../${"a".repeat(61)}`,
      `${"a".repeat(60)}/../x`,
      `${"0".repeat(64)}\n`,
    ]) {
      expect(() => store.set(key, { bad: key })).not.toThrow();
      expect(store.get(key)).toBeUndefined();
    }
    const cache = path.join(project.dir, "node_modules/.cache/mcp-specgen");
    // `set` may create the (empty) memo directory; it writes no file anywhere.
    expect(existsSync(memoDir()) ? readdirSync(memoDir()) : []).toEqual([]);
    expect(existsSync(cache) ? readdirSync(cache).filter((f) => f !== "memo") : []).toEqual([]);
  });

  it("does not throw on a value that cannot be serialized; it just is not stored", () => {
    const store = open();
    const key = contentKey("test", "function");
    expect(() => store.set(key, { f: () => 1 })).not.toThrow();
    expect(store.get(key)).toBeUndefined();
  });
});

describe("the disk store in the shared temp directory", () => {
  let tmp: string;
  let savedTmp: string | undefined;
  beforeEach(() => {
    // A private temp directory of the test's own, standing for the system one.
    tmp = mkdtempSync(path.join(tmpdir(), "mcp-specgen-memo-tmp-"));
    savedTmp = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
  });
  afterEach(() => {
    if (savedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmp;
    rmSync(tmp, { recursive: true, force: true });
  });

  it.skipIf(typeof process.getuid !== "function")("trusts only private directories and files", () => {
    const bare = tempProject();
    try {
      const store = openDiskStore(testDisk(resolveConfig(bare.dir, {})));
      expect(store).toBeDefined();
      const key = contentKey("test", "shared");
      store!.set(key, { shared: true });
      const [cacheDir] = readdirSync(tmp).filter((f) => f.startsWith("mcp-specgen-cache-"));
      expect(cacheDir).toBeDefined();
      const file = path.join(tmp, cacheDir!, "memo", `${key}.bin`);
      expect(existsSync(file)).toBe(true);
      expect(store!.get(key)).toEqual({ shared: true });
      // A file others could have written is not trusted.
      chmodSync(file, 0o666);
      expect(store!.get(key)).toBeUndefined();
      chmodSync(file, 0o600);
      expect(store!.get(key)).toEqual({ shared: true });
      // Nor a directory others can write to.
      chmodSync(path.dirname(file), 0o777);
      expect(store!.get(key)).toBeUndefined();
      chmodSync(path.dirname(file), 0o700);
      expect(store!.get(key)).toEqual({ shared: true });
    } finally {
      bare.dispose();
    }
  });
});

describe("the memory store", () => {
  it("freezes what it stores and hands back the same objects, which cannot be changed", () => {
    const store = memoryStore();
    const key = contentKey("test", "frozen");
    const value = { list: [1, 2], inner: { s: "x" } };
    store.set(key, value);
    const got = store.get(key) as typeof value;
    expect(got).toBe(value);
    expect(Object.isFrozen(got) && Object.isFrozen(got.list) && Object.isFrozen(got.inner)).toBe(true);
    expect(() => got.list.push(99)).toThrow(TypeError);
    expect(() => {
      got.inner.s = "changed";
    }).toThrow(TypeError);
    expect(store.get(key)).toEqual({ list: [1, 2], inner: { s: "x" } });
  });

  it("freezes values read from its backing store too, and keeps handing back those objects", () => {
    const backing = memoryStore();
    const key = contentKey("test", "backed");
    backing.set(key, { a: [1] });
    const store = memoryStore({ get: (k) => structuredClone(backing.get(k)), set: () => {} });
    const first = store.get(key);
    expect(Object.isFrozen(first)).toBe(true);
    expect(store.get(key)).toBe(first);
  });

  it("as a result store, replays the findings of what it holds (withReplayedFindings)", () => {
    let calls = 0;
    const results = memoryStore();
    const length = (list: number[], bag = new DiagnosticBag(), store: MemoStore | null = results) =>
      withReplayedFindings(store ?? undefined, `length\0${JSON.stringify(list)}`, bag, (found) => {
        calls++;
        found.warning("SPEC_UNKNOWN_TYPE", { file: "f", line: 1, column: 1 }, "m");
        return list.length;
      });
    const first = new DiagnosticBag();
    expect(length([1, 2], first)).toBe(2);
    expect(first.items).toHaveLength(1);
    const again = new DiagnosticBag();
    expect(length([1, 2], again)).toBe(2);
    expect(again.items).toEqual(first.items);
    expect(calls).toBe(1);
    // Another key is computed; without a store, everything is.
    expect(length([1])).toBe(1);
    expect(length([1, 2], new DiagnosticBag(), null)).toBe(2);
    expect(calls).toBe(3);
  });

  it("round-trips the same plain data as the disk store", () => {
    const store = memoryStore();
    const key = contentKey("test", "sample");
    store.set(key, sample());
    expectSample(store.get(key));
  });

  it("evicts the least recently used entries past maxEntries", () => {
    const store = memoryStore(undefined, 3);
    const keys = ["a", "b", "c", "d", "e"].map((k) => contentKey("test", k));
    const [a, b, c, d, e] = keys as [string, string, string, string, string];
    store.set(a, "a");
    store.set(b, "b");
    store.set(c, "c");
    // a is used: b is now the least recently used.
    expect(store.get(a)).toBe("a");
    store.set(d, "d");
    expect(store.get(b)).toBeUndefined();
    expect(store.get(a)).toBe("a");
    expect(store.get(c)).toBe("c");
    expect(store.get(d)).toBe("d");
    // Order of use now: a, c, d; setting e evicts a.
    store.set(e, "e");
    expect(store.get(a)).toBeUndefined();
    expect([store.get(c), store.get(d), store.get(e)]).toEqual(["c", "d", "e"]);
  });

  it("evicts the least recently used entries past maxKeyChars characters of keys", () => {
    const store = memoryStore(undefined, 100, 10);
    store.set("aaaa", 1);
    store.set("bbbb", 2);
    expect(store.get("aaaa")).toBe(1); // b is now the least recently used
    store.set("cccc", 3); // 12 characters: b goes
    expect(store.get("bbbb")).toBeUndefined();
    expect([store.get("aaaa"), store.get("cccc")]).toEqual([1, 3]);
    // Setting a key again does not count it twice.
    store.set("cccc", 4);
    expect([store.size, store.get("aaaa")]).toEqual([2, 1]);
    // A key longer than the bound is kept alone.
    store.set("x".repeat(20), 5);
    expect([store.size, store.get("x".repeat(20))]).toEqual([1, 5]);
    store.sweep();
    store.sweep(); // nothing used since: empty, and its characters with it
    store.set("dddd", 6);
    store.set("eeee", 7);
    expect([store.get("dddd"), store.get("eeee")]).toEqual([6, 7]);
  });

  it("holds on to nothing it evicted, when it is never swept", () => {
    // A collection on demand (the test runner does not expose one).
    v8.setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const store = memoryStore(undefined, 10);
    gc();
    const before = process.memoryUsage().heapUsed;
    // Each key its own 10 KB of flat text ("k".repeat would share its pieces).
    for (let i = 0; i < 5000; i++) store.set(`${i}:${Buffer.alloc(10_000, "k").toString("latin1")}`, i);
    gc();
    // 5,000 keys of 10 KB: 50 MB if the evicted ones were still held.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(20_000_000);
    expect(store.size).toBe(10);
  });

  it("reads through to its backing store, keeps what it read, and writes through", () => {
    const disk = open();
    const key = contentKey("test", "backed");
    disk.set(key, { on: "disk" });
    const store = memoryStore(disk);
    expect(store.get(key)).toEqual({ on: "disk" });
    rmSync(fileOf(key));
    // Kept in memory after the first read.
    expect(store.get(key)).toEqual({ on: "disk" });
    const other = contentKey("test", "written through");
    store.set(other, { via: "memory" });
    expect(open().get(other)).toEqual({ via: "memory" });
  });

  it("re-reads an evicted entry from its backing store", () => {
    const disk = open();
    const store = memoryStore(disk, 1);
    const a = contentKey("test", "a");
    const b = contentKey("test", "b");
    store.set(a, "a");
    store.set(b, "b");
    expect(store.get(a)).toBe("a");
    expect(store.get(b)).toBe("b");
  });
});

describe("memoryStore.sweep", () => {
  it("keeps what was asked for or stored since the last sweep, and drops the rest", () => {
    const store = memoryStore();
    const [a, b, c] = ["a", "b", "c"].map((k) => contentKey("test", k));
    store.set(a!, 1);
    store.set(b!, 2);
    store.sweep();
    expect(store.size).toBe(2);
    // The next build uses a and c only: b belonged to an earlier version.
    expect(store.get(a!)).toBe(1);
    store.set(c!, 3);
    store.sweep();
    expect(store.size).toBe(2);
    expect(store.get(b!)).toBeUndefined();
    expect(store.get(c!)).toBe(3);
  });
});
