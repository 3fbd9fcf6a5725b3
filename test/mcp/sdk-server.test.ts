import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { z } from "zod";
import {
  Client as ClientV2,
  InMemoryTransport as InMemoryV2,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import {
  createMcpHandler,
  createRequestStateCodec,
  McpServer as McpServerV2,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport as InMemoryV1 } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer as McpServerV1 } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ElicitRequestSchema as ElicitRequestSchemaV1 } from "@modelcontextprotocol/sdk/types.js";
import {
  compileSchema,
  createToolCaller,
  fromCallToolResult,
  registerSdkTools,
  sdkClientTransport,
  ToolRegistry,
  type ToolDefinition,
  withContent,
} from "@mcp-specgen/runtime";
import { registerTools } from "../../generated/server.js";
import { toolDefinitions } from "../../generated/tools.js";
import { createHandlers } from "../../examples/handlers.js";

// Generated tools inside the official SDK servers (v2 and 1.x), called by the SDKs' own
// clients over in-memory transports: exact schemas listed, the registry's semantics kept,
// the SDK's own tools and resources side by side, and ctx reaching the client.

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close().catch(() => undefined);
});

let workspace: string | undefined;
function handlers() {
  workspace ??= mkdtempSync(path.join(tmpdir(), "mcp-specgen-sdk-server-"));
  closers.push(async () => {
    if (workspace !== undefined) rmSync(workspace, { recursive: true, force: true });
    workspace = undefined;
  });
  return createHandlers({ workspaceRoot: workspace });
}

const GENERATE_CODE = toolDefinitions.aiCodeEditing.generateCode;
const DELETE_FILE = toolDefinitions.fileUtility.deleteFile;

/** A registry with one tool that asks the user twice; `runs` counts its handler's runs. */
function askingRegistry(runs: { count: number } = { count: 0 }): ToolRegistry {
  const registry = new ToolRegistry();
  const ask: ToolDefinition = {
    name: "ask_twice",
    description: "Asks for a name, then for a colour.",
    inputSchema: { type: "object", properties: {}, additionalProperties: false },
  };
  registry.register(ask, async (_args, ctx) => {
    runs.count++;
    const name = await ctx.elicit({
      message: "Your name?",
      requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
    });
    const colour = await ctx.elicit({
      message: "Your colour?",
      requestedSchema: { type: "object", properties: { colour: { type: "string" } } },
    });
    return { name: name.content?.name ?? null, colour: colour.action === "accept" ? colour.content?.colour : null };
  });
  return registry;
}

/** The revision an SDK v2 client speaks: 2026-07-28 when it negotiates (`auto`), else 2025-11-25 (its default). */
let revision: "2026-07-28" | "2025-11-25" = "2026-07-28";

/**
 * An SDK v2 server as SDK v2 serves HTTP (`createMcpHandler`: both eras, one McpServer per
 * request from the factory) and an SDK v2 client whose fetch calls it in process.
 */
async function v2Pair(
  setup: (server: McpServerV2) => void,
  clientCapabilities: Record<string, unknown> = {},
  cacheHints?: Record<string, { ttlMs?: number }>,
) {
  const handler = createMcpHandler(() => {
    const server = new McpServerV2(
      { name: "test", version: "1.0.0" },
      cacheHints === undefined ? { capabilities: { logging: {} } } : { capabilities: { logging: {} }, cacheHints },
    );
    setup(server);
    return server;
  });
  const client = new ClientV2(
    { name: "test-client", version: "1.0.0" },
    revision === "2026-07-28"
      ? { capabilities: clientCapabilities, versionNegotiation: { mode: "auto" } }
      : { capabilities: clientCapabilities },
  );
  const transport = new StreamableHTTPClientTransport(new URL("http://127.0.0.1/mcp"), {
    fetch: (url, init) => handler.fetch(new Request(url, init)),
  });
  await client.connect(transport);
  closers.push(() => client.close());
  expect(client.getNegotiatedProtocolVersion()).toBe(revision);
  return { client };
}

async function v1Pair(setup: (server: McpServerV1) => void, clientCapabilities: Record<string, unknown> = {}) {
  const server = new McpServerV1({ name: "test", version: "1.0.0" }, { capabilities: { logging: {} } });
  setup(server);
  const client = new ClientV1({ name: "test-client", version: "1.0.0" }, { capabilities: clientCapabilities });
  const [clientTransport, serverTransport] = InMemoryV1.createLinkedPair();
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  closers.push(
    () => client.close(),
    () => server.close(),
  );
  return { server, client };
}

function toolNamed(tools: Array<{ name: string }>, name: string): Record<string, unknown> {
  const tool = tools.find((t) => t.name === name);
  expect(tool, `tool ${name} listed`).toBeDefined();
  return tool as Record<string, unknown>;
}

describe.each(["2026-07-28", "2025-11-25"] as const)("registerTools on an SDK v2 McpServer, protocol %s", (era) => {
  beforeEach(() => {
    revision = era;
  });

  it("lists the generated tools with their exact schemas next to the SDK's own tool", async () => {
    const { client } = await v2Pair((server) => {
      registerTools(server, handlers());
      server.registerTool("hand_written", { inputSchema: z.object({ x: z.number() }) }, ({ x }) => ({
        content: [{ type: "text", text: String(x * 2) }],
      }));
    });
    const { tools } = await client.listTools();
    const listed = toolNamed(tools, GENERATE_CODE.name);
    expect(listed.inputSchema).toEqual(GENERATE_CODE.inputSchema);
    expect(listed.outputSchema).toEqual(GENERATE_CODE.outputSchema);
    expect(listed.description).toBe(GENERATE_CODE.description);
    expect(toolNamed(tools, DELETE_FILE.name).annotations).toEqual(DELETE_FILE.annotations);
    expect(toolNamed(tools, "hand_written")).toBeDefined();
    const doubled = await client.callTool({ name: "hand_written", arguments: { x: 21 } });
    expect(doubled.content).toEqual([{ type: "text", text: "42" }]);
  });

  it("tools/list carries a cache hint on 2026-07-28 (60 s, as the built-in server), none on 2025", async () => {
    const { client } = await v2Pair((server) => registerTools(server, handlers()));
    const listed = (await client.listTools()) as { ttlMs?: number; cacheScope?: string };
    if (era === "2025-11-25") {
      expect(listed.ttlMs).toBeUndefined();
      expect(listed.cacheScope).toBeUndefined();
      return;
    }
    expect(listed).toMatchObject({ ttlMs: 60_000, cacheScope: "private" });
    // The server's own hint for tools/list wins, and the option sets ours.
    const own = await v2Pair((server) => registerTools(server, handlers()), {}, { "tools/list": { ttlMs: 5_000 } });
    expect(await own.client.listTools()).toMatchObject({ ttlMs: 5_000 });
    const short = await v2Pair((server) => registerTools(server, handlers(), { cacheTtlMs: 1_000 }));
    expect(await short.client.listTools()).toMatchObject({ ttlMs: 1_000, cacheScope: "private" });
  });

  it("calls through the registry: typed data as structuredContent, progress, and its validation errors", async () => {
    const { client } = await v2Pair((server) => registerTools(server, handlers()));
    const progress: number[] = [];
    const ok = await client.callTool(
      { name: GENERATE_CODE.name, arguments: { prompt: "add two numbers", language: "python" } },
      { onprogress: (p: { progress: number }) => progress.push(p.progress) },
    );
    expect(ok.isError).toBeFalsy();
    expect(ok.structuredContent).toMatchObject({ language: "python" });
    expect(JSON.parse((ok.content as Array<{ text: string }>)[0]!.text)).toEqual(ok.structuredContent);
    expect(progress).toEqual([0, 2]);

    const bad = await client.callTool({ name: GENERATE_CODE.name, arguments: { prompt: "", language: "cobol" } });
    expect(bad.isError).toBe(true);
    const detail = JSON.parse((bad.content as Array<{ text: string }>)[0]!.text);
    expect(detail.error_type).toBe("ValidationError");
    expect(detail.error_details.errors.map((i: { pointer: string }) => i.pointer).sort()).toEqual([
      "/language",
      "/prompt",
    ]);
  });

  it("keeps the trust policy: a destructive tool is refused without one and runs with one", async () => {
    const refused = await v2Pair((server) => registerTools(server, handlers()));
    const denied = await refused.client.callTool({ name: DELETE_FILE.name, arguments: { file_path: "nothing.txt" } });
    expect(denied.isError).toBe(true);
    expect(JSON.parse((denied.content as Array<{ text: string }>)[0]!.text).error_type).toBe("PermissionError");

    const audited: string[] = [];
    const allowed = await v2Pair((server) =>
      registerTools(server, handlers(), { trustPolicy: () => true, onAudit: (r) => audited.push(r.tool) }),
    );
    const ran = await allowed.client.callTool({ name: DELETE_FILE.name, arguments: { file_path: "nothing.txt" } });
    // The file does not exist: the handler ran and failed with its own error, not the policy's.
    expect(JSON.parse((ran.content as Array<{ text: string }>)[0]!.text).error_type).not.toBe("PermissionError");
    expect(audited).toEqual([DELETE_FILE.name]);
  });

  it("ctx.elicit: input_required rounds replaying the handler (2026-07-28), or a clear refusal on stateless 2025 serving", async () => {
    const asked: string[] = [];
    const runs = { count: 0 };
    const { client } = await v2Pair((server) => registerSdkTools(server, askingRegistry(runs)), {
      elicitation: { form: {} },
    });
    client.setRequestHandler("elicitation/create", async (request: { params: { message: string } }) => {
      asked.push(request.params.message);
      const content: Record<string, string> =
        request.params.message === "Your name?" ? { name: "Ada" } : { colour: "teal" };
      return { action: "accept", content };
    });
    const result = await client.callTool({ name: "ask_twice", arguments: {} });
    const text = (result.content as Array<{ text: string }>)[0]!.text;
    if (era === "2025-11-25") {
      // Per-request serving of a 2025 client has no connection to send the request on.
      expect(result.isError).toBe(true);
      expect(JSON.parse(text)).toMatchObject({ error_type: "ClientRequestError" });
      return;
    }
    expect(result.isError, text).toBeFalsy();
    expect(JSON.parse(text)).toEqual({ name: "Ada", colour: "teal" });
    expect(asked).toEqual(["Your name?", "Your colour?"]);
    // Round 1 asks for the name, round 2 (replayed with it) for the colour, round 3 completes.
    expect(runs.count).toBe(3);
  });

  it("ctx.createMessage: an input_required round (2026-07-28), or a ClientRequestError at once on stateless 2025 serving", async () => {
    const registry = new ToolRegistry();
    // A time limit of 1 s: a request left waiting for an answer that cannot come ends as a TimeoutError.
    const summarise: ToolDefinition = { name: "summarise", inputSchema: { type: "object" }, timeoutMs: 1_000 };
    registry.register(summarise, async (_args, ctx) => {
      const answer = await ctx.createMessage({
        messages: [{ role: "user", content: { type: "text", text: "Summarise: to be or not to be" } }],
        maxTokens: 20,
      });
      const content = answer.content as { type: string; text?: string };
      return { summary: content.type === "text" ? content.text : null };
    });
    const { client } = await v2Pair((server) => registerSdkTools(server, registry), { sampling: {} });
    const asked: string[] = [];
    client.setRequestHandler("sampling/createMessage", async (request: { params: { messages: unknown[] } }) => {
      asked.push(JSON.stringify(request.params.messages));
      return { role: "assistant", content: { type: "text", text: "A question." }, model: "test-model" };
    });
    const result = await createToolCaller(sdkClientTransport(client)).raw("summarise", {});
    if (era === "2025-11-25") {
      // Per-request serving of a 2025 client has no connection for the answer to come back on.
      expect(result.error?.error_type, result.error?.error_message).toBe("ClientRequestError");
      expect(result.error?.error_message).toMatch(/no connection/);
      expect(asked).toEqual([]);
      return;
    }
    expect(result).toMatchObject({ status: "success", data: { summary: "A question." } });
    expect(asked).toHaveLength(1);
  });

  it("non-object data reaches a validating caller as itself (SDK v2 wraps it as {result} for 2025 clients)", async () => {
    const registry = new ToolRegistry();
    const outputSchema = { type: "array", items: { type: "integer" } };
    const chart = { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" } as const;
    registry.register({ name: "numbers", inputSchema: { type: "object" }, outputSchema }, () =>
      withContent([1, 2, 3], [chart]),
    );
    const { client } = await v2Pair((server) => registerSdkTools(server, registry));
    const caller = createToolCaller(sdkClientTransport(client), { validateResult: () => compileSchema(outputSchema) });
    expect(await caller.data("numbers", {})).toEqual([1, 2, 3]);
    // Unwrapped or not, the result keeps its image block.
    const raw = await caller.raw("numbers", {});
    expect(raw.data).toEqual([1, 2, 3]);
    expect(raw.content).toEqual([chart]);
  });

  it("returns each tool's SDK handle: disable() hides and refuses it", async () => {
    const { client } = await v2Pair((server) => {
      registerTools(server, handlers())[GENERATE_CODE.name]!.disable();
    });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).not.toContain(GENERATE_CODE.name);
    const refused = await client
      .callTool({ name: GENERATE_CODE.name, arguments: { prompt: "x", language: "go" } })
      .catch((err: Error) => ({ isError: true, content: [{ type: "text", text: err.message }] }));
    expect(refused.isError).toBe(true);
  });
});

describe("registerSdkTools on an SDK v2 McpServer over one connection (2025 era)", () => {
  it("ctx.elicit is a server-to-client request, the handler runs once", async () => {
    const runs = { count: 0 };
    const server = new McpServerV2({ name: "test", version: "1.0.0" });
    registerSdkTools(server, askingRegistry(runs));
    const client = new ClientV2(
      { name: "test-client", version: "1.0.0" },
      { capabilities: { elicitation: { form: {} } } },
    );
    client.setRequestHandler("elicitation/create", async (request: { params: { message: string } }) =>
      request.params.message === "Your name?" ? { action: "accept", content: { name: "Lin" } } : { action: "cancel" },
    );
    const [clientTransport, serverTransport] = InMemoryV2.createLinkedPair();
    await server.connect(serverTransport);
    await client.connect(clientTransport);
    closers.push(
      () => client.close(),
      () => server.close(),
    );
    const result = await client.callTool({ name: "ask_twice", arguments: {} });
    expect(JSON.parse((result.content as Array<{ text: string }>)[0]!.text)).toEqual({ name: "Lin", colour: null });
    expect(runs.count).toBe(1);
  });
});

describe("registerSdkTools on SDK v2, the review's cases", () => {
  it("2026-07-28 with the server's requestState codec (signed state): rounds still complete", async () => {
    const codec = createRequestStateCodec({ key: "k".repeat(32) });
    const runs = { count: 0 };
    const handler = createMcpHandler(() => {
      const server = new McpServerV2({ name: "signed", version: "1.0.0" }, { requestState: { verify: codec.verify } });
      registerSdkTools(server, askingRegistry(runs), { requestState: codec });
      return server;
    });
    const client = new ClientV2(
      { name: "c", version: "1.0.0" },
      { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: "auto" } },
    );
    client.setRequestHandler("elicitation/create", async (request: { params: { message: string } }) => {
      const content: Record<string, string> =
        request.params.message === "Your name?" ? { name: "Ada" } : { colour: "red" };
      return { action: "accept", content };
    });
    await client.connect(
      new StreamableHTTPClientTransport(new URL("http://127.0.0.1/mcp"), {
        fetch: (url, init) => handler.fetch(new Request(url, init)),
      }),
    );
    closers.push(() => client.close());
    const result = await client.callTool({ name: "ask_twice", arguments: {} });
    expect(JSON.parse((result.content as Array<{ text: string }>)[0]!.text)).toEqual({ name: "Ada", colour: "red" });
    expect(runs.count).toBe(3);
  });

  it("2025 over a stateful HTTP session: the elicitation goes out on the call's own stream", async () => {
    const server = new McpServerV2({ name: "stateful", version: "1.0.0" });
    registerSdkTools(server, askingRegistry());
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
    await server.connect(transport);
    const client = new ClientV2({ name: "c", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
    client.setRequestHandler("elicitation/create", async (request: { params: { message: string } }) => {
      const content: Record<string, string> =
        request.params.message === "Your name?" ? { name: "Bo" } : { colour: "blue" };
      return { action: "accept", content };
    });
    await client.connect(
      new StreamableHTTPClientTransport(new URL("http://127.0.0.1/mcp"), {
        fetch: (url, init) => transport.handleRequest(new Request(url, init)),
      }),
    );
    closers.push(
      () => client.close(),
      () => server.close(),
    );
    const result = await client.callTool({ name: "ask_twice", arguments: {} }, { timeout: 30_000 });
    expect(JSON.parse((result.content as Array<{ text: string }>)[0]!.text)).toEqual({ name: "Bo", colour: "blue" });
  });

  it("all or nothing: a refused name removes the tools registered before it", async () => {
    const server = new McpServerV2({ name: "dup", version: "1.0.0" });
    server.registerTool(DELETE_FILE.name, { description: "mine" }, () => ({ content: [] }));
    expect(() => registerTools(server, handlers())).toThrow(/refused tool "file_utility\.delete_file"/);
    const [clientTransport, serverTransport] = InMemoryV2.createLinkedPair();
    await server.connect(serverTransport);
    const client = new ClientV2({ name: "c", version: "1.0.0" });
    await client.connect(clientTransport);
    closers.push(
      () => client.close(),
      () => server.close(),
    );
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual([DELETE_FILE.name]);
  });
});

describe("registerTools on an SDK 1.x McpServer", () => {
  it("a tool whose output schema is not an object is listed without it (1.x clients refuse the list otherwise)", async () => {
    const registry = new ToolRegistry();
    registry.register(
      { name: "numbers", inputSchema: { type: "object" }, outputSchema: { type: "array", items: { type: "integer" } } },
      () => [1, 2, 3],
    );
    const { client } = await v1Pair((server) => registerSdkTools(server, registry));
    const { tools } = await client.listTools();
    expect(tools[0]?.outputSchema).toBeUndefined();
    const result = await client.callTool({ name: "numbers", arguments: {} });
    expect(result.structuredContent).toBeUndefined();
    expect(fromCallToolResult(result)).toMatchObject({ status: "success", data: [1, 2, 3] });
  });

  it("after remove(), a tool the user registers under the same name is theirs", async () => {
    const { client } = await v1Pair((server) => {
      registerTools(server, handlers())[GENERATE_CODE.name]!.remove();
      server.registerTool(GENERATE_CODE.name, { inputSchema: { x: z.string() } }, ({ x }) => ({
        content: [{ type: "text", text: `mine: ${x}` }],
      }));
    });
    const listed = toolNamed((await client.listTools()).tools, GENERATE_CODE.name);
    expect(listed.inputSchema).toMatchObject({ properties: { x: { type: "string" } } });
    const result = await client.callTool({ name: GENERATE_CODE.name, arguments: { x: "hi" } });
    expect(result.content).toEqual([{ type: "text", text: "mine: hi" }]);
  });

  it("lists the exact schemas, calls through the registry, and leaves the SDK's own tools alone", async () => {
    const { client } = await v1Pair((server) => {
      registerTools(server, handlers());
      server.registerTool("hand_written", { inputSchema: { x: z.number() } }, ({ x }) => ({
        content: [{ type: "text", text: String(x * 2) }],
      }));
    });
    const { tools } = await client.listTools();
    const listed = toolNamed(tools, GENERATE_CODE.name);
    // SDK 1.x's client drops `$schema` from listed schemas (its parser); everything else is exact.
    const { $schema: _dropped, ...inputSchema } = GENERATE_CODE.inputSchema as Record<string, unknown>;
    expect(listed.inputSchema).toMatchObject(inputSchema);
    expect(listed.outputSchema).toMatchObject(
      Object.fromEntries(Object.entries(GENERATE_CODE.outputSchema!).filter(([k]) => k !== "$schema")),
    );

    const progress: number[] = [];
    const ok = await client.callTool(
      { name: GENERATE_CODE.name, arguments: { prompt: "sum", language: "go" } },
      undefined,
      { onprogress: (p) => progress.push(p.progress) },
    );
    expect(ok.isError).toBeFalsy();
    expect(progress).toEqual([0, 2]);
    expect(ok.structuredContent).toMatchObject({ language: "go" });
    const bad = await client.callTool({ name: GENERATE_CODE.name, arguments: { prompt: 3 } });
    expect(bad.isError).toBe(true);
    expect(JSON.parse((bad.content as Array<{ text: string }>)[0]!.text).error_type).toBe("ValidationError");
    const doubled = await client.callTool({ name: "hand_written", arguments: { x: 4 } });
    expect(doubled.content).toEqual([{ type: "text", text: "8" }]);
  });

  it("ctx.elicit is a server-to-client request on the 2025 protocol", async () => {
    const runs = { count: 0 };
    const { client } = await v1Pair((server) => registerSdkTools(server, askingRegistry(runs)), { elicitation: {} });
    client.setRequestHandler(ElicitRequestSchemaV1, async (request) =>
      request.params.message === "Your name?"
        ? { action: "accept", content: { name: "Grace" } }
        : { action: "decline" },
    );
    const result = await client.callTool({ name: "ask_twice", arguments: {} });
    expect(JSON.parse((result.content as Array<{ text: string }>)[0]!.text)).toEqual({ name: "Grace", colour: null });
    expect(runs.count).toBe(1);
  });

  it("a disabled tool falls through to the SDK, which refuses it", async () => {
    let handles: Record<string, { disable(): void }> = {};
    const { client } = await v1Pair((server) => {
      handles = registerTools(server, handlers());
    });
    handles[GENERATE_CODE.name]!.disable();
    const refused = await client.callTool({ name: GENERATE_CODE.name, arguments: { prompt: "x", language: "go" } });
    expect(refused.isError).toBe(true);
    expect((refused.content as Array<{ text: string }>)[0]!.text).toMatch(/disabled/);
  });

  it("refuses a name the SDK already has, with the SDK's reason", async () => {
    const server = new McpServerV1({ name: "test", version: "1.0.0" });
    server.registerTool(GENERATE_CODE.name, {}, () => ({ content: [] }));
    expect(() => registerTools(server, handlers())).toThrow(/refused tool "ai_code_editing\.generate_code"/);
  });
});
