import { describe, expect, it } from "vitest";
import path from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import { STANDARD_SCHEMA_VENDOR, acceptingStandardSchema, standardSchema } from "@mcp-specgen/runtime";
import { toolSchemas } from "../../generated/schemas.js";
import { toolDefinitions } from "../../generated/tools.js";
import { validateGenerateCodeArgs } from "../../generated/validators/ai_code_editing.js";
import { REPO } from "../helpers/project.js";
import { typeCheck } from "../helpers/tsc.js";

const generateCode = toolSchemas.aiCodeEditing.generateCode;

describe("generated Standard Schemas", () => {
  it("validate with the precompiled validator: the value itself, or issues with paths", () => {
    const props = generateCode.input["~standard"];
    expect(props.version).toBe(1);
    expect(props.vendor).toBe(STANDARD_SCHEMA_VENDOR);
    const args = { prompt: "sum two numbers", language: "go" as const };
    const ok = props.validate(args);
    expect(ok.issues).toBeUndefined();
    expect("value" in ok && ok.value).toBe(args);

    const bad = props.validate({ prompt: "", language: "cobol", style: { indent: 99 } });
    expect(bad.issues?.map((i) => i.path)).toEqual(
      expect.arrayContaining([["prompt"], ["language"], ["style", "indent"]]),
    );
    expect(bad.issues?.every((i) => typeof i.message === "string" && i.message.length > 0)).toBe(true);
    expect(props.validate("not an object").issues?.[0]).toEqual({ message: expect.any(String) });
  });

  it("index array items by number, and point at a missing property", () => {
    const schema = {
      type: "object",
      properties: { items: { type: "array", items: { type: "string" } } },
      required: ["items", "owner"],
    };
    const validate = Object.assign(
      (value: unknown) => {
        validate.errors = [
          { instancePath: "/items/1", keyword: "type", message: "must be string", params: { type: "string" } },
          {
            instancePath: "",
            keyword: "required",
            message: "must have required property 'owner'",
            params: { missingProperty: "owner" },
          },
        ];
        return value === "valid";
      },
      { errors: null as unknown },
    );
    const issues = standardSchema<unknown>(schema, validate as never)["~standard"].validate({ items: ["a", 2] }).issues;
    expect(issues?.map((i) => i.path)).toEqual([["items", 1], ["owner"]]);
  });

  it("give the exact JSON Schema, a fresh copy each time, for the JSON Schema targets only", () => {
    const { jsonSchema } = generateCode.input["~standard"];
    const first = jsonSchema.input({ target: "draft-2020-12" });
    expect(first).toEqual(toolDefinitions.aiCodeEditing.generateCode.inputSchema);
    expect(jsonSchema.input({ target: "draft-07" })).toEqual(first);
    first.properties = "mutated";
    expect(jsonSchema.input({ target: "draft-2020-12" })).toEqual(
      toolDefinitions.aiCodeEditing.generateCode.inputSchema,
    );
    expect(generateCode.output["~standard"].jsonSchema.output({ target: "draft-2020-12" })).toEqual(
      toolDefinitions.aiCodeEditing.generateCode.outputSchema,
    );
    expect(() => jsonSchema.input({ target: "openapi-3.0" })).toThrow(/target "openapi-3\.0" is not supported/);
  });

  it("an accepting schema lets everything through and keeps the JSON Schema", () => {
    const schema = toolDefinitions.aiCodeEditing.generateCode.inputSchema;
    const accepting = acceptingStandardSchema(schema)["~standard"];
    expect(accepting.validate(42)).toEqual({ value: 42 });
    expect(accepting.jsonSchema.input({ target: "draft-2020-12" })).toEqual(schema);
    // The checking one, built from the same validator, refuses it.
    expect(standardSchema(schema, validateGenerateCodeArgs)["~standard"].validate(42).issues).toHaveLength(1);
  });

  it("are what SDK v2's registerTool takes: it lists the schema and validates with it", async () => {
    const handler = createMcpHandler(() => {
      const server = new McpServer({ name: "standard", version: "1.0.0" });
      server.registerTool("generate_code", { inputSchema: generateCode.input }, (args) => ({
        content: [{ type: "text", text: `${args.language}: ${args.prompt}` }],
      }));
      return server;
    });
    const client = new Client({ name: "c", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
    await client.connect(
      new StreamableHTTPClientTransport(new URL("http://127.0.0.1/mcp"), {
        fetch: (url, init) => handler.fetch(new Request(url, init)),
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools[0]?.inputSchema).toEqual(toolDefinitions.aiCodeEditing.generateCode.inputSchema);
      const ok = await client.callTool({ name: "generate_code", arguments: { prompt: "x", language: "rust" } });
      expect(ok.content).toEqual([{ type: "text", text: "rust: x" }]);
      const bad = await client.callTool({ name: "generate_code", arguments: { prompt: "x", language: "cobol" } });
      expect(bad.isError).toBe(true);
      expect((bad.content as Array<{ text: string }>)[0]?.text).toMatch(
        /^Input validation error: .*language: must be one of \["python",/,
      );
    } finally {
      await client.close();
    }
  });

  it("type-check as SDK v2's StandardSchemaWithJSON, with the tool's argument and result types", () => {
    const file = path.join(REPO, "test/fixtures/types/standard-schema-sdk-v2.ts");
    expect(typeCheck([file]).output).toBe("");
  });
});
