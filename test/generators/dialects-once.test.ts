import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../src/ir/types.js";
import { PerToolStore } from "../../src/memo/per-tool-store.js";
import { generate, makeTool } from "../helpers/make-tool.js";

// Deciding a schema's dialect walks the whole schema (looking for draft-07 tuples); the
// generators that need it (types, validators, client, server) share one decision per
// schema and build. Each decision starts by reading the root's `$schema`, which nothing
// else in these generators reads: counting those reads counts the decisions.

/** `schema` behind a proxy that counts reads of its `$schema`. */
function counted(schema: JsonSchema, reads: { n: number }): JsonSchema {
  return new Proxy(schema, {
    get(target, key, receiver) {
      if (key === "$schema") reads.n++;
      return Reflect.get(target, key, receiver);
    },
  });
}

describe("a schema's dialect, across generators", () => {
  it("is decided once per schema for types, validators, client and server", async () => {
    const reads = { n: 0 };
    const tools = Array.from({ length: 5 }, (_, i) =>
      makeTool({
        name: `d.tool_${i}`,
        inputSchema: counted(
          {
            type: "object",
            properties: { pair: { type: "array", items: [{ type: "string" }, { type: "integer", maximum: i }] } },
          },
          reads,
        ),
        outputSchema: counted({ type: "object", properties: { n: { type: "integer", maximum: i } } }, reads),
      }),
    );
    reads.n = 0;
    const files = await generate(tools, ["types", "validators", "client", "server"], {}, new PerToolStore(1000));
    expect(files.some((f) => f.path === "validators/d.ts")).toBe(true);
    expect(reads.n).toBe(2 * tools.length);
  });
});
