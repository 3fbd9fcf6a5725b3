/**
 * connectStdio / connectHttp: the client transports against this project's
 * servers (stdio child process, HTTP in-process) and against the reference
 * servers @modelcontextprotocol/server-everything (pinned 2026.8.31) and
 * @modelcontextprotocol/server-memory, spawned from node_modules/.bin.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToolCaller, getContent, ToolCallError, TransportError, type MCPToolResult } from "@mcp-specgen/runtime";
import {
  connectHttp,
  connectStdio,
  serveHttp,
  toolInfo,
  type McpConnection,
  type McpHttpServerHandle,
} from "@mcp-specgen/runtime";
import { createTestRegistry } from "./fixtures/tools.js";
import { bin, fixtureServer, waitFor } from "./helpers.js";

const plain = (r: MCPToolResult) => JSON.parse(JSON.stringify(r));

/** The same expectations for our server over either transport. */
function ourServerSuite(
  name: string,
  open: () => Promise<{ connection: McpConnection; cleanup: () => Promise<void> }>,
) {
  describe(`client transport → our server (${name})`, () => {
    let connection: McpConnection;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ connection, cleanup } = await open());
    });
    afterAll(async () => {
      await cleanup?.();
    });

    it("lists every tool", async () => {
      expect(await connection.listTools()).toEqual(createTestRegistry().list().map(toolInfo));
    });

    it.each([
      ["success", "get_sum", { a: 2, b: 5 }, { status: "success", data: { sum: 7 } }],
      ["success without outputSchema", "echo", { message: "hi" }, { status: "success", data: { echo: "hi" } }],
      [
        "partial_success",
        "partial",
        {},
        {
          status: "partial_success",
          data: { done: 2, total: 3 },
          error: { error_type: "ToolExecutionError", error_message: "item 3 failed" },
          explanation: "2 of 3 done",
        },
      ],
      [
        "no_change_needed",
        "nochange",
        {},
        { status: "no_change_needed", data: null, explanation: "already up to date" },
      ],
      [
        "failure",
        "fail",
        { id: "k" },
        {
          status: "failure",
          data: null,
          error: { error_type: "ResourceNotFound", error_message: "No resource k", error_details: { id: "k" } },
          explanation: "check the id",
        },
      ],
    ])("round-trips %s exactly", async (_name, tool, args, expected) => {
      expect(plain(await connection.transport({ tool_name: tool, arguments: args }, {}))).toEqual(expected);
    });

    it("maps invalid arguments to a ValidationError failure", async () => {
      const result = await connection.transport({ tool_name: "get_sum", arguments: { a: "x", b: 1 } }, {});
      expect(result.status).toBe("failure");
      expect(result.error?.error_type).toBe("ValidationError");
    });

    it("maps an unknown tool (-32602) to a ToolNotFound failure", async () => {
      const result = await connection.transport({ tool_name: "missing_tool", arguments: {} }, {});
      expect(result).toMatchObject({
        status: "failure",
        data: null,
        error: { error_type: "ToolNotFound", error_message: "Unknown tool: missing_tool" },
      });
    });

    it("drives the generated-client caller (createToolCaller)", async () => {
      const caller = createToolCaller(connection.transport);
      await expect(caller.data<{ sum: number }>("get_sum", { a: 40, b: 2 })).resolves.toEqual({ sum: 42 });
      const error = await caller.data("fail", { id: "z" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ToolCallError);
      expect((error as ToolCallError).detail.error_type).toBe("ResourceNotFound");
    });

    it("keeps rich content blocks", async () => {
      const result = await connection.transport({ tool_name: "rich", arguments: {} }, {});
      expect(result.data).toEqual({ ok: true });
      expect(getContent(result)?.map((b) => b.type)).toEqual(["image", "audio", "resource_link", "resource"]);
    });

    it("reports progress", async () => {
      const seen: [number, number | undefined, string | undefined][] = [];
      const result = await connection.transport(
        { tool_name: "slow", arguments: { ms: 30, steps: 3 } },
        { onProgress: (p, t, m) => seen.push([p, t, m]) },
      );
      expect(result.status).toBe("success");
      expect(seen).toEqual([
        [1, 3, "step 1"],
        [2, 3, "step 2"],
        [3, 3, "step 3"],
      ]);
    });

    it("turns a time-out into a TimeoutError failure", async () => {
      const result = await connection.transport({ tool_name: "slow", arguments: { ms: 5_000 } }, { timeoutMs: 50 });
      expect(result.status).toBe("failure");
      expect(result.error?.error_type).toBe("TimeoutError");
    });

    it("turns an abort into a Cancelled failure", async () => {
      const controller = new AbortController();
      const pending = connection.transport(
        { tool_name: "slow", arguments: { ms: 5_000 } },
        { signal: controller.signal },
      );
      setTimeout(() => controller.abort(), 50);
      const result = await pending;
      expect(result.error?.error_type).toBe("Cancelled");
      const already = await connection.transport(
        { tool_name: "get_sum", arguments: { a: 1, b: 1 } },
        { signal: controller.signal },
      );
      expect(already.error?.error_type).toBe("Cancelled");
    });
  });
}

ourServerSuite("stdio", async () => {
  const connection = await connectStdio(fixtureServer());
  // Both SDKs are installed here: SDK v2's client is the one taken.
  expect(connection.sdkVersion).toBe(2);
  return { connection, cleanup: () => connection.close() };
});

ourServerSuite("stdio, SDK 1.x client", async () => {
  const connection = await connectStdio({ ...fixtureServer(), sdkVersion: 1 });
  expect(connection.sdkVersion).toBe(1);
  return { connection, cleanup: () => connection.close() };
});

ourServerSuite("HTTP", async () => {
  const server = await serveHttp(createTestRegistry(), { pageSize: 2 });
  const connection = await connectHttp({ url: server.url, headers: { "x-test": "1" } });
  expect(connection.sdkVersion).toBe(2);
  return {
    connection,
    cleanup: async () => {
      await connection.close();
      await server.close();
    },
  };
});

describe("client transport failures", () => {
  it("throws TransportError when the server cannot start", async () => {
    await expect(
      connectStdio({ command: join(tmpdir(), "no-such-mcp-server"), stderr: "ignore" }),
    ).rejects.toBeInstanceOf(TransportError);
  });

  it("throws TransportError when nothing listens", async () => {
    const server = await serveHttp(createTestRegistry());
    const url = server.url;
    await server.close();
    await expect(connectHttp({ url, connectTimeoutMs: 2_000 })).rejects.toBeInstanceOf(TransportError);
  });

  it("throws TransportError when the connection closes during a call", async () => {
    const connection = await connectStdio(fixtureServer());
    const pending = connection.transport({ tool_name: "slow", arguments: { ms: 5_000 } }, {});
    await new Promise((r) => setTimeout(r, 100));
    await connection.close();
    await expect(pending).rejects.toBeInstanceOf(TransportError);
  });

  it("HTTP close() ends the server-side session", async () => {
    const server: McpHttpServerHandle = await serveHttp(createTestRegistry());
    try {
      const connection = await connectHttp({ url: server.url });
      expect(server.sessionCount).toBe(1);
      await connection.close();
      await waitFor(() => server.sessionCount === 0);
    } finally {
      await server.close();
    }
  });
});

describe("client transport → @modelcontextprotocol/server-everything 2026.8.31", () => {
  let connection: McpConnection;
  beforeAll(async () => {
    connection = await connectStdio({ command: bin("mcp-server-everything"), args: ["stdio"], stderr: "ignore" });
  });
  afterAll(async () => {
    await connection?.close();
  });

  it("lists the tools this test relies on", async () => {
    const names = (await connection.listTools()).map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "echo",
        "get-sum",
        "get-structured-content",
        "trigger-long-running-operation",
        "get-tiny-image",
      ]),
    );
  });

  it("echo: plain text becomes {text}", async () => {
    expect(plain(await connection.transport({ tool_name: "echo", arguments: { message: "hello" } }, {}))).toEqual({
      status: "success",
      data: { text: "Echo: hello" },
    });
  });

  it("get-sum: text answer", async () => {
    const result = await connection.transport({ tool_name: "get-sum", arguments: { a: 2, b: 3 } }, {});
    expect(result.status).toBe("success");
    expect(result.data).toEqual({ text: "The sum of 2 and 3 is 5." });
  });

  it("get-structured-content: structuredContent becomes data", async () => {
    const result = await connection.transport(
      { tool_name: "get-structured-content", arguments: { location: "Chicago" } },
      {},
    );
    expect(result.status).toBe("success");
    expect(result.data).toEqual({
      temperature: expect.any(Number),
      conditions: expect.any(String),
      humidity: expect.any(Number),
    });
    expect(result.explanation ?? null).toBeNull();
  });

  it("get-tiny-image: the image block is kept", async () => {
    const result = await connection.transport({ tool_name: "get-tiny-image", arguments: {} }, {});
    expect(result.status).toBe("success");
    expect(getContent(result)?.some((b) => b.type === "image")).toBe(true);
  });

  it("trigger-long-running-operation: progress arrives", async () => {
    const seen: number[] = [];
    const result = await connection.transport(
      { tool_name: "trigger-long-running-operation", arguments: { duration: 0.3, steps: 3 } },
      { onProgress: (p) => seen.push(p) },
    );
    expect(result.status).toBe("success");
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
  });

  it("invalid arguments (SDK reports them as isError) → ValidationError", async () => {
    const result = await connection.transport({ tool_name: "get-sum", arguments: { a: "x" } }, {});
    expect(result.status).toBe("failure");
    expect(result.error?.error_type).toBe("ValidationError");
  });

  it("unknown tool (SDK reports it as isError) → ToolNotFound", async () => {
    const result = await connection.transport({ tool_name: "no-such-tool", arguments: {} }, {});
    expect(result.error?.error_type).toBe("ToolNotFound");
  });
});

describe("client transport → @modelcontextprotocol/server-memory", () => {
  let connection: McpConnection;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "mcp-memory-"));
    connection = await connectStdio({
      command: bin("mcp-server-memory"),
      env: { MEMORY_FILE_PATH: join(dir, "memory.jsonl") },
      stderr: "ignore",
    });
  });
  afterAll(async () => {
    await connection?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("creates entities and reads them back as structured data", async () => {
    const created = await connection.transport(
      {
        tool_name: "create_entities",
        arguments: { entities: [{ name: "Ada", entityType: "person", observations: ["wrote the first program"] }] },
      },
      {},
    );
    expect(created.status).toBe("success");
    const graph = await connection.transport({ tool_name: "read_graph", arguments: {} }, {});
    expect(graph.status).toBe("success");
    expect(graph.data).toMatchObject({
      entities: [{ name: "Ada", entityType: "person", observations: ["wrote the first program"] }],
    });
    const found = await connection.transport({ tool_name: "search_nodes", arguments: { query: "program" } }, {});
    expect((found.data as { entities: unknown[] }).entities).toHaveLength(1);
  });

  it("keeps working after listTools cached its output schemas", async () => {
    const tools = await connection.listTools();
    expect(tools.find((t) => t.name === "read_graph")?.outputSchema).toBeDefined();
    const graph = await connection.transport({ tool_name: "read_graph", arguments: {} }, {});
    expect(graph.status).toBe("success");
  });
});
