import { describe, expect, it } from "vitest";
import { chmodSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { OutputFsError } from "../../src/output/errors.js";
import { nodeFileOps, type FileOps } from "../../src/output/transaction.js";
import { writeOutput } from "../../src/output/write.js";
import { runCli } from "../helpers/project.js";
import { errno, outputSet, put, scratch, scratchOut, snapshot, specJson, ts } from "./helpers.js";

// A write either happens completely or not at all: whatever the file system refuses, the
// previous output stays as it was, with no temporary files or new directories left over.
const outDir = scratchOut;

const V1 = {
  "index.ts": ts("export * from './types/a.js';"),
  "types/a.ts": ts("export const a = 1;"),
  "types/b.ts": ts("export const b = 1;"),
  "client.ts": ts("export const c = 1;"),
};
// v2 changes two files, adds one in a new directory and drops types/b.ts.
const V2 = {
  "index.ts": ts("export * from './types/a.js'; // v2"),
  "types/a.ts": ts("export const a = 2;"),
  "client.ts": ts("export const c = 1;"),
  "validators/a.js": ts("export const v = 2;"),
};

/** Real file-system operations, with one of them replaced. */
function failing(op: keyof FileOps, when: (target: string) => boolean, code: string): FileOps {
  const ops: FileOps = { ...nodeFileOps };
  const real = nodeFileOps[op] as (a: string, b?: unknown) => string | undefined;
  (ops as unknown as Record<string, unknown>)[op] = (a: string, b?: unknown) => {
    const target = op === "rename" ? (b as string) : a;
    if (when(target)) throw errno(code, op, a);
    return real(a, b);
  };
  return ops;
}

describe("all-or-nothing writes", () => {
  it("refuses a name longer than 255 bytes before writing any file", () => {
    const out = outDir();
    const long = "m".repeat(300);
    let error: unknown;
    try {
      writeOutput(out, outputSet({ ...V1, [`types/${long}.ts`]: ts("export {};") }));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(OutputFsError);
    expect((error as OutputFsError).code).toBe("ENAMETOOLONG");
    expect((error as Error).message).toMatch(/file name too long \(a path component is 303 bytes; the limit is 255\)/);
    expect(snapshot(path.dirname(out))).toEqual({});
  });

  it("writes a name close to the limit (its temporary name is shortened to fit)", () => {
    const out = outDir();
    const name = `${"n".repeat(252)}.ts`;
    expect(writeOutput(out, outputSet({ [name]: ts("export {};") })).written).toEqual([name]);
    expect(snapshot(out)[name]).toBe(ts("export {};"));
  });

  it("keeps the previous output when the disk fills up halfway", () => {
    const out = outDir();
    writeOutput(out, outputSet(V1));
    const before = snapshot(out);
    let writes = 0;
    const ops: FileOps = {
      ...nodeFileOps,
      writeFile: (abs, data) => {
        if (++writes === 3) {
          nodeFileOps.writeFile(abs, String(data).slice(0, 10)); // a partial temporary file, as a full disk leaves
          throw errno("ENOSPC", "write", abs);
        }
        nodeFileOps.writeFile(abs, data);
      },
    };
    expect(() => writeOutput(out, outputSet(V2), ops)).toThrow(/^cannot write .*: no space left on device \(ENOSPC\)$/);
    expect(snapshot(out)).toEqual(before);
  });

  it("puts everything back when a rename fails after others succeeded", () => {
    const out = outDir();
    writeOutput(out, outputSet(V1));
    const before = snapshot(out);
    // types/a.ts and index.ts are renamed first; the new validators/a.js fails.
    expect(() =>
      writeOutput(
        out,
        outputSet(V2),
        failing("rename", (t) => t.endsWith("validators/a.js"), "EIO"),
      ),
    ).toThrow(/cannot write .*validators\/a\.js: input\/output error \(EIO\)/);
    expect(snapshot(out)).toEqual(before);
  });

  it("puts everything back when removing a stale file fails", () => {
    const out = outDir();
    writeOutput(out, outputSet(V1));
    const before = snapshot(out);
    expect(() =>
      writeOutput(
        out,
        outputSet(V2),
        failing("unlink", (t) => t.endsWith("types/b.ts"), "EACCES"),
      ),
    ).toThrow(/cannot remove .*types\/b\.ts: permission denied \(EACCES\)/);
    expect(snapshot(out)).toEqual(before);
  });

  it("writes the ownership record last: when it fails, the files are rolled back too", () => {
    const out = outDir();
    writeOutput(out, outputSet(V1));
    const before = snapshot(out);
    expect(() =>
      writeOutput(
        out,
        outputSet(V2),
        failing("rename", (t) => t.endsWith(".mcp-specgen-files.json"), "EIO"),
      ),
    ).toThrow(/\.mcp-specgen-files\.json/);
    expect(snapshot(out)).toEqual(before);
  });

  it("reports a read-only file system without writing", () => {
    const out = outDir();
    writeOutput(out, outputSet(V1));
    const before = snapshot(out);
    expect(() =>
      writeOutput(
        out,
        outputSet(V2),
        failing("writeFile", (t) => t.includes(`${path.sep}types${path.sep}`), "EROFS"),
      ),
    ).toThrow(/read-only file system \(EROFS\)/);
    expect(snapshot(out)).toEqual(before);
  });

  it("reports a regular file where a directory is needed, before writing (fails even for root)", () => {
    const out = outDir();
    put(out, "types", "not a directory\n");
    expect(() => writeOutput(out, outputSet(V1))).toThrow(
      /cannot write .*types\/a\.ts: .*types is a file, not a directory/,
    );
    expect(snapshot(out)).toEqual({ types: "not a directory\n" });
  });

  it("reports --out naming an existing file", () => {
    const out = outDir();
    put(path.dirname(out), "out", "a file\n");
    expect(() => writeOutput(out, outputSet(V1))).toThrow(/cannot write to .*out: it is a file, not a directory/);
    expect(() => writeOutput(path.join(out, "sub"), outputSet(V1))).toThrow(/not a directory \(ENOTDIR\)/);
  });

  const chmodStopsWrites = (() => {
    // As root (CI containers), permission bits do not stop writes: that sub-case is skipped.
    const s = scratch();
    try {
      chmodSync(s.dir, 0o555);
      writeFileSync(path.join(s.dir, "probe"), "");
      return false;
    } catch {
      return true;
    } finally {
      chmodSync(s.dir, 0o755);
      rmSync(s.dir, { recursive: true, force: true });
    }
  })();

  it.skipIf(!chmodStopsWrites)("reports a read-only directory (chmod) without writing", () => {
    const out = outDir();
    writeOutput(out, outputSet(V1));
    const before = snapshot(out);
    chmodSync(path.join(out, "types"), 0o555);
    try {
      expect(() => writeOutput(out, outputSet(V2))).toThrow(/permission denied \(EACCES\)/);
      expect(snapshot(out)).toEqual(before);
    } finally {
      chmodSync(path.join(out, "types"), 0o755);
    }
  });
});

describe("the CLI reports file-system errors", () => {
  it("a 300-character module name fails cleanly and keeps the previous output", async () => {
    const s = scratch();
    put(s.dir, "specs/tools.json", specJson([{ name: "demo.echo" }]));
    expect((await runCli(["generate"], s.dir)).code).toBe(0);
    const before = snapshot(path.join(s.dir, "generated"));
    put(s.dir, "specs/long.json", specJson([{ name: "x.y", module: "m".repeat(300) }]));
    const r = await runCli(["generate"], s.dir);
    expect(r.code).toBe(1);
    // The spec checks may reject the name first; either way it is a clear message, not a crash.
    expect(r.stderr).toMatch(
      /mcp-specgen: cannot write generated\/types\/m{300}\.ts: file name too long \(.*\)\n {2}hint: .*\nmcp-specgen: nothing was written|SPEC_MODULE/,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(snapshot(path.join(s.dir, "generated"))).toEqual(before);
  });

  it.each([
    [
      "--out naming a file",
      (dir: string) => put(dir, "out.txt", "x"),
      ["generate", "--out", "out.txt"],
      /^mcp-specgen: cannot write to out\.txt: it is a file, not a directory\n {2}hint: /,
    ],
    [
      "a file in the way of a directory",
      (dir: string) => put(dir, "generated/types", "x"),
      ["generate"],
      /^mcp-specgen: cannot write generated\/types\/demo\.ts: generated\/types is a file, not a directory\n {2}hint: .*\nmcp-specgen: nothing was written/,
    ],
    [
      "check with --out below a file",
      (dir: string) => put(dir, "out.txt", "x"),
      ["check", "--out", "out.txt/sub"],
      /^mcp-specgen: cannot write to out\.txt\/sub: a parent path is a file, not a directory \(ENOTDIR\)/,
    ],
    [
      "a directory where a generated file belongs",
      (dir: string) => mkdirSync(path.join(dir, "generated/manifest.json"), { recursive: true }),
      ["generate"],
      /^mcp-specgen: refusing to overwrite generated\/manifest\.json: it is a directory/,
    ],
  ])("%s", async (_name, setup, args, expected) => {
    const s = scratch();
    put(s.dir, "specs/tools.json", specJson([{ name: "demo.echo" }]));
    setup(s.dir);
    const r = await runCli(args, s.dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(expected);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe("files the caller knows to be unchanged", () => {
  it("are reported unchanged without being read; the rest are compared as usual", () => {
    const out = outDir();
    writeOutput(out, outputSet(V1));
    const before = snapshot(out);
    const asked: string[] = [];
    // A caller that vouches for types/a.ts although V2 changes it: the file is not read, so
    // it stays as it is (the run cache vouches only for what it verified unchanged).
    const report = writeOutput(out, outputSet(V2), nodeFileOps, (file, abs) => {
      asked.push(file.path);
      expect(path.isAbsolute(abs)).toBe(true);
      return file.path === "types/a.ts";
    });
    expect(report.unchanged.sort()).toEqual(["client.ts", "types/a.ts"]);
    expect(report.written.sort()).toEqual(["index.ts", "validators/a.js"]);
    expect(snapshot(out)["types/a.ts"]).toBe(before["types/a.ts"]);
    // Asked only about files that exist (a new file is written without asking).
    expect(asked).not.toContain("validators/a.js");
  });
});
