import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { checkOutput } from "../../src/output/check.js";
import { isTempName, tempPathFor } from "../../src/output/temp.js";
import { writeOutput } from "../../src/output/write.js";
import { runCli } from "../helpers/project.js";
import { outputSet, put, scratch, scratchOut, snapshot, specJson, ts } from "./helpers.js";

// A run killed with kill -9 between writing a temporary file and renaming it leaves the
// temporary file behind: the next generate removes it, and check reports it.
const outDir = scratchOut;

const FILES = { "index.ts": ts("export {};"), "types/a.ts": ts("export const a = 1;") };
/** A pid that is certainly not running: far above any pid_max. */
const DEAD = 999_999_999;

describe("temporary files", () => {
  it("have a recognisable name in the same directory", () => {
    const tmp = tempPathFor("/x/out/types/a.ts");
    expect(path.dirname(tmp)).toBe("/x/out/types");
    expect(path.basename(tmp)).toMatch(new RegExp(`^\\.a\\.ts\\.mcp-specgen-${process.pid}-[0-9a-f]{8}\\.tmp$`));
    expect(isTempName(path.basename(tmp))).toBe(true);
    for (const name of [
      "a.ts.tmp",
      ".a.ts.mcp-specgen-1-abcdef1.tmp",
      ".a.ts.mcp-specgen-x-abcdef12.tmp",
      ".a.ts.mcp-specgen-1-abcdef12.tmp.bak",
      "a.ts.mcp-specgen-1-abcdef12.tmp",
      ".mcp-specgen-1-abcdef12.tmp",
    ]) {
      expect(isTempName(name), name).toBe(false);
    }
  });

  it("left by a killed run are reported by check and removed by generate; other files stay", () => {
    const out = outDir();
    writeOutput(out, outputSet(FILES));
    const orphans = [`.index.ts.mcp-specgen-${DEAD}-0123abcd.tmp`, `types/.a.ts.mcp-specgen-${DEAD}-deadbeef.tmp`];
    const lookalikes = ["notes.tmp", "types/a.ts.1234.abcdef12.tmp", `.x.mcp-specgen-${DEAD}-zzzzzzzz.tmp`];
    for (const f of [...orphans, ...lookalikes]) put(out, f, "half a fil");
    expect(checkOutput(out, outputSet(FILES))).toEqual(
      orphans.map((p) => ({ path: p, kind: "orphan-temp" })).sort((a, b) => (a.path < b.path ? -1 : 1)),
    );
    expect(writeOutput(out, outputSet(FILES)).written).toEqual([]);
    const after = snapshot(out);
    for (const f of orphans) expect(after[f]).toBeUndefined();
    for (const f of lookalikes) expect(after[f]).toBe("half a fil");
    expect(checkOutput(out, outputSet(FILES))).toEqual([]);
  });

  it("of a run still in progress are left alone", async () => {
    const out = outDir();
    writeOutput(out, outputSet(FILES));
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    try {
      const live = `types/.a.ts.mcp-specgen-${child.pid}-0123abcd.tmp`;
      put(out, live, "in progress");
      expect(checkOutput(out, outputSet(FILES))).toEqual([]);
      writeOutput(out, outputSet(FILES));
      expect(snapshot(out)[live]).toBe("in progress");
      child.kill("SIGKILL");
      await once(child, "exit");
      expect(checkOutput(out, outputSet(FILES))).toEqual([{ path: live, kind: "orphan-temp" }]);
      writeOutput(out, outputSet(FILES));
      expect(snapshot(out)[live]).toBeUndefined();
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("are never left by a failed write", () => {
    const out = outDir();
    writeOutput(out, outputSet(FILES));
    expect(() => writeOutput(out, outputSet({ ...FILES, [`${"n".repeat(256)}.ts`]: ts("") }))).toThrow(
      /file name too long/,
    );
    expect(Object.keys(snapshot(out)).filter((f) => isTempName(path.basename(f)))).toEqual([]);
  });

  it("check prints them as orphan-temp drift", async () => {
    const s = scratch();
    put(s.dir, "specs/tools.json", specJson([{ name: "demo.echo" }]));
    expect((await runCli(["generate"], s.dir)).code).toBe(0);
    put(s.dir, `generated/types/.demo.ts.mcp-specgen-${DEAD}-0123abcd.tmp`, "");
    const r = await runCli(["check"], s.dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(`orphan-temp generated/types/\\.demo\\.ts\\.mcp-specgen-${DEAD}-0123abcd\\.tmp`),
    );
    expect((await runCli(["generate"], s.dir)).code).toBe(0);
    expect((await runCli(["check"], s.dir)).code).toBe(0);
  });
});
