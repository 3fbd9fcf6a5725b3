/**
 * The generated client (generated/client.ts) over an SDK `Client` the user configured —
 * SDK v2 (@modelcontextprotocol/client) and 1.x (@modelcontextprotocol/sdk) — through
 * `sdkClientTransport`, against real servers: the generated registry with the example
 * handlers served over Streamable HTTP (in process, 127.0.0.1, port 0) and over stdio
 * (examples/server.ts as a child process). Then servers that lie about their results: the
 * client checks result data against the specs' output schemas and refuses what does not conform.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import {
  Client as ClientV2,
  InMemoryTransport as InMemoryV2,
  StreamableHTTPClientTransport as HttpV2,
} from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioV2 } from "@modelcontextprotocol/client/stdio";
import { McpServer as McpServerV2 } from "@modelcontextprotocol/server";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as StdioV1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as HttpV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport as InMemoryV1 } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer as McpServerV1 } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  sdkClientTransport,
  serveHttp,
  ToolCallError,
  ToolRegistry,
  type ContentBlock,
  type McpHttpServerHandle,
  type SdkClientLike,
} from "@mcp-specgen/runtime";
import { createClient, createModuleClient, createRawClient, type ToolClient } from "../../generated/client.js";
import type { textAnalysis } from "../../generated/index.js";
import { createModuleRegistry, createRegistry, type ToolHandlers } from "../../generated/server.js";
import { toolDefinitions } from "../../generated/tools.js";
import { createHandlers } from "../../examples/handlers.js";
import { tsChildArgs } from "../helpers/ts-child.js";

const INFO = { name: "generated-client-test", version: "1.0.0" };
const EXAMPLE_SERVER = fileURLToPath(new URL("../../examples/server.ts", import.meta.url));

type SdkClient = SdkClientLike & { close(): Promise<void>; onerror?: (error: Error) => void };

/** An error a call rejected with, as a ToolCallError. */
async function callError(pending: Promise<unknown>): Promise<ToolCallError> {
  const error = await pending.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ToolCallError);
  return error as ToolCallError;
}

let workspace: string;
let server: McpHttpServerHandle;
beforeAll(async () => {
  workspace = mkdtempSync(path.join(tmpdir(), "mcp-specgen-sdk-client-"));
  writeFileSync(path.join(workspace, "notes.txt"), "hello");
  server = await serveHttp(createRegistry(createHandlers({ workspaceRoot: workspace })));
});
afterAll(async () => {
  await server?.close();
  rmSync(workspace, { recursive: true, force: true });
});

const connections: Array<[string, () => Promise<SdkClient>]> = [
  [
    "SDK v2 Client over Streamable HTTP",
    async () => {
      const client = new ClientV2(INFO, { capabilities: { elicitation: {} } });
      await client.connect(new HttpV2(new URL(server.url)));
      return client;
    },
  ],
  [
    "SDK 1.x Client over Streamable HTTP",
    async () => {
      const client = new ClientV1(INFO, { capabilities: { elicitation: {} } });
      await client.connect(new HttpV1(new URL(server.url)));
      return client;
    },
  ],
  [
    "SDK v2 Client over stdio",
    async () => {
      const client = new ClientV2(INFO);
      const args = [...tsChildArgs(EXAMPLE_SERVER), "--root", workspace];
      await client.connect(new StdioV2({ command: process.execPath, args, stderr: "ignore" }));
      return client;
    },
  ],
  [
    "SDK 1.x Client over stdio",
    async () => {
      const client = new ClientV1(INFO);
      const args = [...tsChildArgs(EXAMPLE_SERVER), "--root", workspace];
      await client.connect(new StdioV1({ command: process.execPath, args, stderr: "ignore" }));
      return client;
    },
  ],
];

describe.each(connections)("generated client → %s", (_name, connect) => {
  let sdk: SdkClient;
  let client: ToolClient;
  beforeAll(async () => {
    sdk = await connect();
    sdk.onerror = () => undefined; // the SDKs report late answers to cancelled calls here
    client = createClient(sdkClientTransport(sdk));
  });
  afterAll(async () => {
    await sdk?.close();
  });

  it("resolves with typed result data", async () => {
    const stats = await client.textAnalysis.wordStats({ text: "One fish. Two fish!", top_n: 1 });
    expectTypeOf(stats).toEqualTypeOf<textAnalysis.WordStatsResult>();
    expect(stats).toEqual({ words: 4, sentences: 2, characters: 19, top_words: [{ word: "fish", count: 2 }] });
    const file = await client.fileUtility.readFileContent({ file_path: "notes.txt" });
    expect(file).toMatchObject({ content: "hello", size_bytes: 5, truncated: false });
  });

  it("the raw client resolves with the whole result", async () => {
    const raw = createRawClient(sdkClientTransport(sdk));
    expect(await raw.taskTracker.listTasks({ limit: 1 })).toMatchObject({ status: "success", data: { total: 0 } });
  });

  it("a tool failure throws a ToolCallError with the server's error", async () => {
    const error = await callError(client.fileUtility.readFileContent({ file_path: "missing.txt" }));
    expect(error.detail.error_type).toBe("FileNotFoundError");
  });

  it("invalid arguments (the server checks them) → ValidationError", async () => {
    const error = await callError(client.textAnalysis.wordStats({ text: 42 as unknown as string }));
    expect(error.detail.error_type).toBe("ValidationError");
  });

  it("reports progress in order", async () => {
    const seen: [number, number | undefined][] = [];
    const lag = await client.systemInfo.measureEventLoopLag(
      { samples: 3, interval_ms: 5 },
      { onProgress: (p, t) => seen.push([p, t]) },
    );
    expect(lag.samples).toBe(3);
    expect(seen).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it("a time-out → TimeoutError", async () => {
    const error = await callError(
      client.systemInfo.measureEventLoopLag({ samples: 1, interval_ms: 10_000 }, { timeoutMs: 50 }),
    );
    expect(error.detail.error_type).toBe("TimeoutError");
  });

  it("an abort → Cancelled", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await callError(
      client.systemInfo.measureEventLoopLag({ samples: 1, interval_ms: 10_000 }, { signal: controller.signal }),
    );
    expect(error.detail.error_type).toBe("Cancelled");
  });
});

describe("generated client: a tool the server does not have", () => {
  it.each([
    ["SDK v2", () => new ClientV2(INFO), (url: URL) => new HttpV2(url)],
    ["SDK 1.x", () => new ClientV1(INFO), (url: URL) => new HttpV1(url)],
  ] as const)("%s → ToolNotFound", async (_name, make, transport) => {
    // A server of the textAnalysis module alone, called through a client of every module.
    const moduleServer = await serveHttp(
      createModuleRegistry("textAnalysis", createHandlers({ workspaceRoot: workspace }).textAnalysis),
    );
    const sdk = make();
    try {
      await sdk.connect(transport(new URL(moduleServer.url)));
      const client = createClient(sdkClientTransport(sdk));
      await expect(client.textAnalysis.wordStats({ text: "a" })).resolves.toMatchObject({ words: 1 });
      const error = await callError(client.systemInfo.getServerStatus({}));
      expect(error.detail).toMatchObject({
        error_type: "ToolNotFound",
        error_message: "Unknown tool: system_info.get_server_status",
      });
    } finally {
      await sdk.close();
      await moduleServer.close();
    }
  });
});

/** What a lying server answers for `text_analysis.word_stats`: a count that is not a number. */
const LIE = { words: "many", sentences: 1, characters: 4, top_words: [] };

describe("generated client → a server whose results do not match the spec", () => {
  let lying: McpHttpServerHandle;
  let undeclared: McpHttpServerHandle;
  beforeAll(async () => {
    const handlers = createHandlers({ workspaceRoot: workspace });
    const wrong: ToolHandlers = {
      ...handlers,
      textAnalysis: { wordStats: () => LIE as unknown as textAnalysis.WordStatsResult },
    };
    // Declares the spec's output schema but does not check its own results.
    lying = await serveHttp(createRegistry(wrong, { outputValidation: "off" }));
    // Lists the tool without an output schema: no SDK client can check it, only the spec can.
    const registry = new ToolRegistry();
    const { outputSchema: _, ...definition } = toolDefinitions.textAnalysis.wordStats;
    registry.register(definition, () => LIE);
    undeclared = await serveHttp(registry);
  });
  afterAll(async () => {
    await lying?.close();
    await undeclared?.close();
  });

  const clients = [
    ["SDK v2", () => new ClientV2(INFO), (url: URL) => new HttpV2(url)],
    ["SDK 1.x", () => new ClientV1(INFO), (url: URL) => new HttpV1(url)],
  ] as const;

  it.each(clients)(
    "%s: refuses data that breaks the output schema (ValidationError)",
    async (_name, make, transport) => {
      for (const target of [lying, undeclared]) {
        const sdk = make();
        try {
          await sdk.connect(transport(new URL(target.url)));
          const error = await callError(createClient(sdkClientTransport(sdk)).textAnalysis.wordStats({ text: "x" }));
          expect(error.detail).toMatchObject({
            error_type: "ValidationError",
            error_message:
              'The server\'s result for tool "text_analysis.word_stats" does not match its output schema: words must be integer',
            error_details: {
              tool_name: "text_analysis.word_stats",
              status: "success",
              errors: [{ pointer: "/words", rule: "type", message: "must be integer", value: "many" }],
            },
          });
          // The raw client returns the failure instead of the lie.
          const raw = await createRawClient(sdkClientTransport(sdk)).textAnalysis.wordStats({ text: "x" });
          expect(raw).toMatchObject({ status: "failure", data: null, error: { error_type: "ValidationError" } });
          // Unchecked on request.
          const unchecked = createClient(sdkClientTransport(sdk), { validateResults: false });
          expect(await unchecked.textAnalysis.wordStats({ text: "x" })).toEqual(LIE);
        } finally {
          await sdk.close();
        }
      }
    },
  );

  it("a module client checks its module's results too", async () => {
    const sdk = new ClientV2(INFO);
    try {
      await sdk.connect(new HttpV2(new URL(undeclared.url)));
      const error = await callError(
        createModuleClient("textAnalysis", sdkClientTransport(sdk)).wordStats({ text: "x" }),
      );
      expect(error.detail.error_type).toBe("ValidationError");
    } finally {
      await sdk.close();
    }
  });

  it("SDK v2: after listTools, the SDK's own output-schema check also ends as a ValidationError", async () => {
    const sdk = new ClientV2(INFO);
    try {
      await sdk.connect(new HttpV2(new URL(lying.url)));
      await sdk.listTools();
      const error = await callError(createClient(sdkClientTransport(sdk)).textAnalysis.wordStats({ text: "x" }));
      expect(error.detail.error_type).toBe("ValidationError");
    } finally {
      await sdk.close();
    }
  });

  /** A hand-written SDK server: word_stats without an output schema, answering with text JSON. */
  function handWritten<S extends { registerTool: (...args: never[]) => unknown }>(server: S): S {
    (server.registerTool as (name: string, config: object, cb: () => unknown) => unknown)(
      "text_analysis.word_stats",
      { description: "Counts words (wrongly)", inputSchema: z.object({ text: z.string() }) },
      () => ({ content: [{ type: "text", text: JSON.stringify(LIE) }] }),
    );
    return server;
  }

  it("SDK v2 Client → a hand-written SDK v2 McpServer", async () => {
    const server = handWritten(new McpServerV2({ name: "liar", version: "1.0.0" }));
    const [clientSide, serverSide] = InMemoryV2.createLinkedPair();
    await server.connect(serverSide);
    const sdk = new ClientV2(INFO);
    try {
      await sdk.connect(clientSide);
      const error = await callError(createClient(sdkClientTransport(sdk)).textAnalysis.wordStats({ text: "x" }));
      expect(error.detail).toMatchObject({
        error_type: "ValidationError",
        error_details: { errors: [{ pointer: "/words" }] },
      });
    } finally {
      await sdk.close();
      await server.close();
    }
  });

  it("SDK 1.x Client → a hand-written SDK 1.x McpServer", async () => {
    const server = handWritten(new McpServerV1({ name: "liar", version: "1.0.0" }));
    const [clientSide, serverSide] = InMemoryV1.createLinkedPair();
    await server.connect(serverSide);
    const sdk = new ClientV1(INFO);
    try {
      await sdk.connect(clientSide);
      const error = await callError(createClient(sdkClientTransport(sdk)).textAnalysis.wordStats({ text: "x" }));
      expect(error.detail).toMatchObject({
        error_type: "ValidationError",
        error_details: { errors: [{ pointer: "/words" }] },
      });
    } finally {
      await sdk.close();
      await server.close();
    }
  });
});

describe("generated client → a hand-written SDK server that refuses a call itself", () => {
  /**
   * word_stats with zod schemas: the SDK checks the arguments (text of 3 characters or
   * more) and the handler's structured content (which lies) itself, and answers each
   * refusal with an isError text of its own.
   */
  function refusing<S extends { registerTool: (...args: never[]) => unknown }>(server: S): S {
    (server.registerTool as (name: string, config: object, cb: () => unknown) => unknown)(
      "text_analysis.word_stats",
      {
        inputSchema: z.object({ text: z.string().min(3) }),
        outputSchema: z.object({ words: z.number() }),
      },
      () => ({ content: [{ type: "text", text: JSON.stringify(LIE) }], structuredContent: LIE }),
    );
    return server;
  }

  const pairs = [
    [
      "SDK v2",
      async () => {
        const server = refusing(new McpServerV2({ name: "strict", version: "1.0.0" }));
        const [clientSide, serverSide] = InMemoryV2.createLinkedPair();
        await server.connect(serverSide);
        const sdk = new ClientV2(INFO);
        await sdk.connect(clientSide);
        return { sdk, server };
      },
    ],
    [
      "SDK 1.x",
      async () => {
        const server = refusing(new McpServerV1({ name: "strict", version: "1.0.0" }));
        const [clientSide, serverSide] = InMemoryV1.createLinkedPair();
        await server.connect(serverSide);
        const sdk = new ClientV1(INFO);
        await sdk.connect(clientSide);
        return { sdk, server };
      },
    ],
  ] as const;

  it.each(pairs)("%s: its validation errors arrive as ValidationErrors with their issues", async (_name, open) => {
    const { sdk, server } = await open();
    try {
      // Not validated here: the point is what the server says.
      const client = createClient(sdkClientTransport(sdk), { validateResults: false });
      const input = await callError(client.textAnalysis.wordStats({ text: "x" }));
      expect(input.detail).toMatchObject({
        error_type: "ValidationError",
        error_message: expect.stringContaining("Input validation error"),
        error_details: { tool_name: "text_analysis.word_stats", errors: [{ pointer: "/text", rule: "schema" }] },
      });
      expect((input.detail.error_details as { errors: unknown[] }).errors).toHaveLength(1);
      const output = await callError(client.textAnalysis.wordStats({ text: "to be or not" }));
      expect(output.detail).toMatchObject({
        error_type: "ValidationError",
        error_message: expect.stringContaining("Output validation error"),
        error_details: { tool_name: "text_analysis.word_stats", errors: [{ pointer: "/words", rule: "schema" }] },
      });
    } finally {
      await sdk.close();
      await server.close();
    }
  });
});

describe("generated client → a server that answers with non-text content blocks", () => {
  const STATS = { words: 2, sentences: 1, characters: 9, top_words: [] };
  const IMAGE = { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" } as const;
  const LINK = { type: "resource_link", uri: "file:///chart.png", name: "chart.png", mimeType: "image/png" } as const;

  it.each(["SDK v2", "SDK 1.x"] as const)(
    "%s server: the raw client's result has them in content, typed",
    async (sdkName) => {
      const server = sdkName === "SDK v2" ? new McpServerV2(INFO) : new McpServerV1(INFO);
      (server.registerTool as (name: string, config: object, cb: () => unknown) => unknown)(
        "text_analysis.word_stats",
        { inputSchema: z.object({ text: z.string() }) },
        () => ({ content: [{ type: "text", text: JSON.stringify(STATS) }, IMAGE, LINK], structuredContent: STATS }),
      );
      const v2 = sdkName === "SDK v2";
      const [clientSide, serverSide] = v2 ? InMemoryV2.createLinkedPair() : InMemoryV1.createLinkedPair();
      await (server.connect as (t: unknown) => Promise<void>)(serverSide);
      const sdk = v2 ? new ClientV2(INFO) : new ClientV1(INFO);
      try {
        await (sdk.connect as (t: unknown) => Promise<void>)(clientSide);
        const result = await createRawClient(sdkClientTransport(sdk)).textAnalysis.wordStats({ text: "two words" });
        expectTypeOf(result.data).toEqualTypeOf<textAnalysis.WordStatsResult | null | undefined>();
        expectTypeOf(result.content).toEqualTypeOf<readonly ContentBlock[] | undefined>();
        expect(result.data).toEqual(STATS);
        expect(result.content).toEqual([IMAGE, LINK]);
        const [first] = result.content ?? [];
        // The union narrows on `type`: an image block has its data and MIME type.
        if (first?.type === "image") expectTypeOf(first.mimeType).toEqualTypeOf<string>();
        // The MCPToolResult itself is unchanged on the wire.
        expect(Object.keys(JSON.parse(JSON.stringify(result)))).toEqual(["status", "data"]);
      } finally {
        await sdk.close();
        await server.close();
      }
    },
  );
});
