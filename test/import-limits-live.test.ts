import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startPagingHttpServer } from "../bench/servers/paging-server.js";
import { REPO, runCli } from "./helpers/project.js";

// `import` against live misbehaving servers (bench/servers/paging-server.js), started as a
// child process over stdio and on 127.0.0.1 over HTTP: each ends with the limit that
// stopped it, the counts read by then, exit 1 and nothing written; the server is stopped.
const SERVER = path.join(REPO, "bench/servers/paging-server.js");

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "import-limits-live-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function importStdio(mode: string, options: string[]) {
  const report = path.join(dir, `${mode.replace(":", "-")}-${options.join("")}.json`);
  const out = path.join(dir, `${mode.replace(":", "-")}.md`);
  const command = `"${process.execPath}" "${SERVER}" ${mode} --report "${report}"`;
  const r = await runCli(["import", "--stdio", command, "--out", out, ...options], dir);
  return {
    ...r,
    written: existsSync(out),
    served: existsSync(report) ? JSON.parse(readFileSync(report, "utf8")) : undefined,
  };
}

const STOPPED = /^mcp-specgen import: stopped: (.*)\. Read by then: (.*)\. Nothing was written\.$/m;

describe("import over stdio ends against a server that does not", () => {
  it("endless cursors: the page limit", async () => {
    const r = await importStdio("endless", ["--max-pages", "20"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(STOPPED);
    expect(r.stderr).toMatch(
      /stopped: the server has more than 20 pages of tools \(--max-pages 20\)\. Read by then: 20 pages, 200 tools, [\d,]+ bytes\./,
    );
    expect(r.stderr).toMatch(/if the server really is that large, raise --max-pages\./);
    expect(r.written).toBe(false);
    // The server was stopped (it writes its report as it exits) after serving exactly the pages read.
    expect(r.served.pages).toBe(20);
  });

  it("endless cursors: the tool limit", async () => {
    const r = await importStdio("endless", ["--max-tools", "25"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /stopped: the server lists more than 25 tools \(--max-tools 25\)\. Read by then: 3 pages, 30 tools,/,
    );
    expect(r.written).toBe(false);
  });

  it("cycling cursors: reported as such", async () => {
    const r = await importStdio("cycle", []);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /stopped: the server sent the cursor "c1" a second time \(after page 4\): its pages go round in a circle and never end\. Read by then: 4 pages, 40 tools,/,
    );
    expect(r.stderr).toMatch(/pagination is broken/);
    expect(r.written).toBe(false);
  });

  it("one endless page: the byte limit, counted as it arrives", async () => {
    const r = await importStdio("huge", ["--max-bytes", "200000"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /stopped: the server sent more than 200,000 bytes \(--max-bytes 200000\)\. Read by then: 0 pages, 0 tools, [\d,]+ bytes\./,
    );
    expect(r.written).toBe(false);
    // The server had more to send and was stopped while sending it.
    expect(r.served).toBeDefined();
  });

  it("a server that stops answering: the deadline of the whole import", async () => {
    const r = await importStdio("stall:2", ["--timeout", "1500"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /stopped: the import did not finish within 1500 ms \(--timeout 1500\)\. Read by then: \d+ pages?, \d+ tools?,/,
    );
    expect(r.written).toBe(false);
    expect(r.served).toBeDefined();
  });

  it("a server that ends is read to its last page", async () => {
    const r = await importStdio("pages:3", ["--max-pages", "3", "--max-tools", "30"]);
    expect(r.stdout).toMatch(/30 tools →/);
    expect(r.code).toBe(0);
    expect(r.written).toBe(true);
  });

  it("rejects limits that are not positive whole numbers", async () => {
    for (const option of ["--max-pages", "--max-tools", "--max-bytes", "--timeout"]) {
      const r = await runCli(["import", "--file", "x.json", option, "0"], dir);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`${option} must be a positive whole number`));
    }
  });
});

describe("import over HTTP ends against a server that does not", () => {
  it.each([
    [
      "endless",
      ["--max-pages", "20"],
      /the server has more than 20 pages of tools .* Read by then: 20 pages, 200 tools,/,
    ],
    ["cycle", [], /the server sent the cursor "c1" a second time \(after page 4\)/],
    ["huge", ["--max-bytes", "200000"], /the server sent more than 200,000 bytes .* Read by then: 0 pages, 0 tools,/],
  ])("%s", async (mode, options, reason) => {
    const server = await startPagingHttpServer(mode);
    const out = path.join(dir, `http-${mode}.md`);
    try {
      const r = await runCli(["import", "--url", `${server.url}/mcp`, "--out", out, ...(options as string[])], dir);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(STOPPED);
      expect(r.stderr).toMatch(reason);
      expect(existsSync(out)).toBe(false);
    } finally {
      await server.close();
    }
  });
});
