/**
 * `McpConnection.listTools` reads every `tools/list` page a server sends, within bounds: a
 * server that repeats a cursor (its list loops) or never ends its list is stopped.
 */
import { describe, expect, it } from "vitest";
import { TransportError } from "../../packages/runtime/src/errors.js";
import { collectToolPages, type ToolPage } from "../../packages/runtime/src/mcp/tool-pages.js";

const tool = (name: string) => ({ name, inputSchema: { type: "object" } });

/** A server answering pages by cursor; records the cursors it was asked for. */
function server(pages: Record<string, ToolPage>) {
  const asked: Array<string | undefined> = [];
  const fetchPage = async (cursor: string | undefined) => {
    asked.push(cursor);
    return pages[cursor ?? ""]!;
  };
  return { asked, fetchPage };
}

describe("collectToolPages", () => {
  it("reads every page, in order", async () => {
    const { asked, fetchPage } = server({
      "": { tools: [tool("a")], nextCursor: "p2" },
      p2: { tools: [tool("b"), tool("c")], nextCursor: "p3" },
      p3: { tools: [] },
    });
    expect((await collectToolPages(fetchPage, "test server")).map((t) => t.name)).toEqual(["a", "b", "c"]);
    expect(asked).toEqual([undefined, "p2", "p3"]);
  });

  it("stops a list that loops: a cursor sent a second time", async () => {
    const { asked, fetchPage } = server({
      "": { tools: [tool("a")], nextCursor: "x" },
      x: { tools: [tool("b")], nextCursor: "y" },
      y: { tools: [tool("c")], nextCursor: "x" },
    });
    const failure = collectToolPages(fetchPage, "test server");
    await expect(failure).rejects.toThrow(TransportError);
    await expect(failure).rejects.toThrow('The test server sent the tools/list cursor "x" a second time');
    expect(asked).toEqual([undefined, "x", "y"]);
  });

  it("stops a list that never ends at maxPages", async () => {
    let n = 0;
    const fetchPage = async () => ({ tools: [tool(`t${n}`)], nextCursor: `c${++n}` });
    await expect(collectToolPages(fetchPage, "test server", { maxPages: 50 })).rejects.toThrow(
      "The test server has more than 50 pages of tools (maxPages): stopped after 50 tools",
    );
    expect(n).toBe(50);
    n = 0;
    await expect(collectToolPages(fetchPage, "test server")).rejects.toThrow("more than 1000 pages");
    expect(n).toBe(1000);
  });

  it("refuses a maxPages that is not a positive integer", async () => {
    const { fetchPage } = server({ "": { tools: [] } });
    for (const maxPages of [0, -1, 1.5, Number.NaN])
      await expect(collectToolPages(fetchPage, "s", { maxPages })).rejects.toThrow(RangeError);
  });
});
