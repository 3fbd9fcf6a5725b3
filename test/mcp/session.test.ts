/** McpSession / ServerCore in isolation: tools/list paging over a cached listing. */
import { describe, expect, it, vi } from "vitest";
import { ToolRegistry } from "@mcp-specgen/runtime";
import { McpSession, ServerCore, toolInfo, type JsonRpcMessage } from "@mcp-specgen/runtime";

function open(registry: ToolRegistry, pageSize: number) {
  const sent: Record<string, any>[] = [];
  const core = new ServerCore(registry, { pageSize });
  const session = new McpSession(
    core,
    { send: (m: JsonRpcMessage) => void sent.push(m as Record<string, any>) },
    { respondToCancelled: false },
  );
  let id = 0;
  /** Every page of tools/list, following nextCursor. */
  const listAll = (): string[] => {
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      session.handleMessage({
        jsonrpc: "2.0",
        id: ++id,
        method: "tools/list",
        params: cursor === undefined ? {} : { cursor },
      });
      const { result } = sent.pop()!;
      expect(result.tools.length).toBeLessThanOrEqual(pageSize);
      names.push(...result.tools.map((t: { name: string }) => t.name));
      cursor = result.nextCursor;
    } while (cursor !== undefined);
    return names;
  };
  return { core, session, listAll };
}

function registryOf(count: number): ToolRegistry {
  const registry = new ToolRegistry();
  for (let i = 0; i < count; i++) registry.register({ name: `t${i}`, inputSchema: { type: "object" } }, () => null);
  return registry;
}

describe("tools/list", () => {
  // Regression: every page called registry.list() (O(number of tools)) and rebuilt each entry.
  it("builds the listing once for all pages and sessions, not once per page", () => {
    const registry = registryOf(50);
    const list = vi.spyOn(registry, "list");
    const { core, listAll } = open(registry, 7);
    expect(listAll()).toEqual(registry.list().map((d) => d.name));
    const second = new McpSession(core, { send: () => {} }, { respondToCancelled: false });
    second.handleMessage({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect(listAll()).toHaveLength(50);
    expect(list).toHaveBeenCalledTimes(2); // once by the server, once by this test
    expect(core.toolInfos()).toEqual(registry.list().map(toolInfo));
  });

  it("sees tools registered and unregistered after it was cached", () => {
    const registry = registryOf(5);
    const { listAll } = open(registry, 2);
    expect(listAll()).toEqual(["t0", "t1", "t2", "t3", "t4"]);
    registry.register({ name: "late", inputSchema: { type: "object" }, description: "added later" }, () => null);
    expect(listAll()).toEqual(["t0", "t1", "t2", "t3", "t4", "late"]);
    registry.unregister("t1");
    registry.unregister("t3");
    expect(listAll()).toEqual(["t0", "t2", "t4", "late"]);
    registry.register({ name: "t1", inputSchema: { type: "object" } }, () => null); // same count as before
    registry.unregister("late");
    expect(listAll()).toEqual(["t0", "t2", "t4", "t1"]);
  });

  it("answers a cursor past the end with an empty page", () => {
    const registry = registryOf(3);
    const sent: Record<string, any>[] = [];
    const session = new McpSession(
      new ServerCore(registry, { pageSize: 2 }),
      { send: (m: JsonRpcMessage) => void sent.push(m as Record<string, any>) },
      { respondToCancelled: false },
    );
    const cursor = Buffer.from("v1:10").toString("base64url");
    session.handleMessage({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { cursor } });
    expect(sent[0].result).toEqual({ tools: [] });
  });
});
