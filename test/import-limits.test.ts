import { describe, expect, it } from "vitest";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { answerMessage } from "../bench/servers/paging-server.js";
import { DEFAULT_IMPORT_LIMITS, type ImportBudget, ImportLimitError, type ImportLimits } from "../src/import/limits.js";
import { readToolList } from "../src/import/source.js";

// The limits of `import`, against the fake server of bench/servers/paging-server.js answering
// in process (no child, no socket): each bound ends the import with the counts read by then.
// Live servers over stdio and HTTP are in import-limits-live.test.ts.

/**
 * A transport to the fake server in `mode`, answering on the next tick (pages after
 * `pageDelayMs`); counts the bytes it delivers against the import's budget.
 */
function fakeServer(mode: string, pageDelayMs = 0) {
  const counters = { pages: 0, bytes: 0, closed: false };
  const factory = (budget: ImportBudget): Transport => {
    const transport: Transport = {
      start: async () => undefined,
      send: async (message: JSONRPCMessage) => {
        const answer = answerMessage(mode, message, counters);
        if (answer === undefined || answer === "stall") return;
        const text = JSON.stringify(answer);
        const deliver = () => {
          if (budget.addBytes(text.length)) transport.onmessage?.(JSON.parse(text));
        };
        if (pageDelayMs && "method" in message && message.method === "tools/list") setTimeout(deliver, pageDelayMs);
        else setImmediate(deliver);
      },
      close: async () => {
        counters.closed = true;
        transport.onclose?.();
      },
    };
    return transport;
  };
  return { counters, factory };
}

async function importFrom(mode: string, limits: Partial<ImportLimits>, pageDelayMs = 0) {
  const server = fakeServer(mode, pageDelayMs);
  const result = await readToolList(
    { kind: "stdio", command: "unused" },
    { ...DEFAULT_IMPORT_LIMITS, ...limits },
    {
      transport: server.factory,
    },
  ).then(
    (list) => ({ list, error: undefined }),
    (error: unknown) => ({ list: undefined, error: error as ImportLimitError }),
  );
  return { ...result, served: server.counters };
}

describe("import ends", () => {
  it("reads every page of a server that ends", async () => {
    const r = await importFrom("pages:3", {});
    expect(r.error).toBeUndefined();
    expect(r.list!.tools.map((t) => t.name)).toEqual(Array.from({ length: 30 }, (_, i) => `tool_${i}`));
    expect(r.served.closed).toBe(true);
  });

  it("stops an endless list at the page limit, having read exactly that many pages", async () => {
    const r = await importFrom("endless", { maxPages: 5 });
    expect(r.error).toBeInstanceOf(ImportLimitError);
    expect(r.error!.limit).toBe("pages");
    expect(r.error!.progress).toMatchObject({ pages: 5, tools: 50 });
    expect(r.served.pages).toBe(5);
    expect(r.served.closed).toBe(true);
  });

  it("accepts exactly the page limit when the list ends there", async () => {
    expect((await importFrom("pages:5", { maxPages: 5 })).list!.tools).toHaveLength(50);
    expect((await importFrom("pages:6", { maxPages: 5 })).error!.limit).toBe("pages");
  });

  it("stops at the tool limit on the page that crosses it", async () => {
    const r = await importFrom("endless", { maxTools: 25 });
    expect(r.error!.limit).toBe("tools");
    expect(r.error!.progress).toMatchObject({ pages: 3, tools: 30 });
    expect((await importFrom("pages:3", { maxTools: 30 })).list!.tools).toHaveLength(30);
  });

  it("detects a server whose cursors go round in a circle", async () => {
    const r = await importFrom("cycle", {});
    expect(r.error!.limit).toBe("cursor");
    // c1 → c2 → c0 → c1: the fourth page hands out a cursor already seen.
    expect(r.error!.cursor).toBe("c1");
    expect(r.error!.progress).toMatchObject({ pages: 4, tools: 40 });
  });

  it("stops at the byte limit, counted as messages arrive", async () => {
    const r = await importFrom("endless", { maxBytes: 5_000 });
    expect(r.error!.limit).toBe("bytes");
    expect(r.error!.progress.bytes).toBeGreaterThan(5_000);
    // No page is counted once the bytes are over: the page that crossed them is dropped.
    expect(r.error!.progress.pages).toBe(r.served.pages - 1);
  });

  it("has one deadline for the whole import, not one per page", async () => {
    // Every page comes well within the deadline, and they never end: a per-page timeout
    // would wait for ever, the overall deadline ends the import (the page limit is not reached).
    const slow = await importFrom("endless", { deadlineMs: 300 }, 10);
    expect(slow.error!.limit).toBe("deadline");
    expect(slow.served.closed).toBe(true);
    // Two pages answer at once, the third never: the counts are those read before it.
    const stalled = await importFrom("stall:2", { deadlineMs: 1000 });
    expect(stalled.error!.limit).toBe("deadline");
    expect(stalled.error!.progress).toMatchObject({ pages: 2, tools: 20 });
    expect(stalled.served.closed).toBe(true);
  });

  it("counts a saved list against the tool and byte limits too", async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const dir = mkdtempSync(path.join(tmpdir(), "import-limits-"));
    try {
      const file = path.join(dir, "tools.json");
      const tools = Array.from({ length: 12 }, (_, i) => ({ name: `t${i}`, inputSchema: { type: "object" } }));
      writeFileSync(file, JSON.stringify({ tools }));
      const read = (limits: Partial<ImportLimits>) =>
        readToolList({ kind: "file", path: file }, { ...DEFAULT_IMPORT_LIMITS, ...limits }).catch((e) => e);
      expect((await read({ maxTools: 12 })).tools).toHaveLength(12);
      expect((await read({ maxTools: 11 })).limit).toBe("tools");
      expect((await read({ maxBytes: 100 })).limit).toBe("bytes");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("import's help", () => {
  it("states the defaults the limits have", async () => {
    const { IMPORT_HELP } = await import("../src/cli/help.js");
    const d = DEFAULT_IMPORT_LIMITS;
    expect(IMPORT_HELP).toMatch(new RegExp(`--timeout MS[^]*?\\(default: ${d.deadlineMs}\\)`));
    expect(IMPORT_HELP).toContain(`most tools/list pages (default: ${d.maxPages})`);
    expect(IMPORT_HELP).toContain(`most tools over all pages (default: ${d.maxTools})`);
    expect(IMPORT_HELP).toContain(`(default: ${d.maxBytes}, 32 MiB)`);
  });
});
