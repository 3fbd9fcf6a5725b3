// src/handlers.ts — the conformance suite's tools, one handler each, typed from specs/conformance.
import { type ContentBlock, failure, withContent } from "@mcp-specgen/runtime";
import type { ToolHandlers } from "../generated/server.js";

/** A 1×1 red PNG. */
export const RED_PIXEL_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";

/** A short silent WAV: 8 kHz, 8-bit mono, 100 samples. */
export const SILENT_WAV = ((): string => {
  const samples = 100;
  const wav = Buffer.alloc(44 + samples, 0x80);
  wav.write("RIFF", 0, "ascii");
  wav.writeUInt32LE(36 + samples, 4);
  wav.write("WAVEfmt ", 8, "ascii");
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(8000, 24); // sample rate
  wav.writeUInt32LE(8000, 28); // byte rate
  wav.writeUInt16LE(1, 32); // block align
  wav.writeUInt16LE(8, 34); // bits per sample
  wav.write("data", 36, "ascii");
  wav.writeUInt32LE(samples, 40);
  return wav.toString("base64");
})();

const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });

const text = (value: string): ContentBlock => ({ type: "text", text: value });

/** The tools every server of this example serves. Each answers with MCP content blocks (`withContent`). */
export const handlers: ToolHandlers = {
  conformance: {
    testSimpleText: () => withContent(null, [text("This is a simple text response for testing.")]),

    testImageContent: () => withContent(null, [{ type: "image", data: RED_PIXEL_PNG, mimeType: "image/png" }]),

    testAudioContent: () => withContent(null, [{ type: "audio", data: SILENT_WAV, mimeType: "audio/wav" }]),

    testEmbeddedResource: () =>
      withContent(null, [
        {
          type: "resource",
          resource: {
            uri: "test://embedded-resource",
            mimeType: "text/plain",
            text: "This is an embedded resource content.",
          },
        },
      ]),

    testMultipleContentTypes: () =>
      withContent(null, [
        text("Multiple content types test:"),
        { type: "image", data: RED_PIXEL_PNG, mimeType: "image/png" },
        {
          type: "resource",
          resource: {
            uri: "test://mixed-content-resource",
            mimeType: "application/json",
            text: JSON.stringify({ test: "data", value: 123 }),
          },
        },
      ]),

    testToolWithLogging: async (_args, ctx) => {
      ctx.log("info", "Tool execution started");
      await sleep(50, ctx.signal);
      ctx.log("info", "Tool processing data");
      await sleep(50, ctx.signal);
      ctx.log("info", "Tool execution completed");
      return withContent(null, [text("Tool with logging executed successfully")]);
    },

    testErrorHandling: () => failure("ToolExecutionError", "This tool intentionally returns an error for testing"),

    testToolWithProgress: async (_args, ctx) => {
      ctx.reportProgress(0, 100);
      await sleep(50, ctx.signal);
      ctx.reportProgress(50, 100);
      await sleep(50, ctx.signal);
      ctx.reportProgress(100, 100);
      return withContent(null, [text("Tool with progress executed successfully")]);
    },

    testSampling: async ({ prompt }, ctx) => {
      const answer = await ctx.createMessage({
        messages: [{ role: "user", content: { type: "text", text: prompt } }],
        maxTokens: 100,
      });
      const content = answer.content as { type?: string; text?: string } | undefined;
      const reply = content?.type === "text" ? (content.text ?? "") : JSON.stringify(content);
      return withContent(null, [text(`LLM response: ${reply}`)]);
    },

    testElicitation: async ({ message }, ctx) => {
      const answer = await ctx.elicit({
        message,
        requestedSchema: {
          type: "object",
          properties: {
            username: { type: "string", description: "User's response" },
            email: { type: "string", description: "User's email address" },
          },
          required: ["username", "email"],
        },
      });
      return withContent(null, [
        text(`User response: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`),
      ]);
    },

    testElicitationSep1034Defaults: async (_args, ctx) => {
      const answer = await ctx.elicit({
        message: "Please review and update the form fields with defaults",
        requestedSchema: {
          type: "object",
          properties: {
            name: { type: "string", description: "User name", default: "John Doe" },
            age: { type: "integer", description: "User age", default: 30 },
            score: { type: "number", description: "User score", default: 95.5 },
            status: {
              type: "string",
              description: "User status",
              enum: ["active", "inactive", "pending"],
              default: "active",
            },
            verified: { type: "boolean", description: "Verification status", default: true },
          },
          required: [],
        },
      });
      return withContent(null, [
        text(`Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`),
      ]);
    },

    testElicitationSep1330Enums: async (_args, ctx) => {
      const answer = await ctx.elicit({
        message: "Please select options from the enum fields",
        requestedSchema: {
          type: "object",
          properties: {
            untitledSingle: {
              type: "string",
              description: "Untitled single-select",
              enum: ["option1", "option2", "option3"],
            },
            titledSingle: {
              type: "string",
              description: "Titled single-select",
              oneOf: [
                { const: "value1", title: "First Option" },
                { const: "value2", title: "Second Option" },
                { const: "value3", title: "Third Option" },
              ],
            },
            legacyEnum: {
              type: "string",
              description: "Legacy titled enum (enumNames, deprecated)",
              enum: ["opt1", "opt2", "opt3"],
              enumNames: ["Option One", "Option Two", "Option Three"],
            },
            untitledMulti: {
              type: "array",
              description: "Untitled multi-select",
              items: { type: "string", enum: ["option1", "option2", "option3"] },
            },
            titledMulti: {
              type: "array",
              description: "Titled multi-select",
              items: {
                anyOf: [
                  { const: "value1", title: "First Choice" },
                  { const: "value2", title: "Second Choice" },
                  { const: "value3", title: "Third Choice" },
                ],
              },
            },
          },
          required: [],
        },
      });
      return withContent(null, [
        text(`Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`),
      ]);
    },

    jsonSchema202012Tool: ({ name, address }) =>
      withContent(null, [text(`Received: name=${name ?? "(none)"}, address=${JSON.stringify(address ?? null)}`)]),

    // The SDK server (src/sdk-server.ts) replaces this tool with one that closes the SSE stream
    // mid-call; the handler here only waits, then answers.
    testReconnection: async (_args, ctx) => {
      await sleep(100, ctx.signal);
      return withContent(null, [text("Reconnection test completed successfully")]);
    },

    addNumbers: ({ a, b }) => withContent(null, [text(`The sum of ${a} and ${b} is ${a + b}`)]),

    testClientElicitationDefaults: async (_args, ctx) => {
      const answer = await ctx.elicit({
        message: "Test client default value handling - please accept with defaults",
        requestedSchema: {
          type: "object",
          properties: {
            name: { type: "string", description: "User name", default: "John Doe" },
            age: { type: "integer", description: "User age", default: 30 },
            score: { type: "number", description: "User score", default: 95.5 },
            status: { type: "string", enum: ["active", "inactive", "pending"], default: "active" },
            verified: { type: "boolean", description: "Verification status", default: true },
          },
          required: [],
        },
      });
      return withContent(null, [text(`Elicitation completed: ${JSON.stringify(answer.content ?? {})}`)]);
    },

    testTool: () => withContent(null, [text("test")]),
  },
};
