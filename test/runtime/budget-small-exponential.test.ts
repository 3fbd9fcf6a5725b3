/**
 * Review of issue 26 (validation within the time budget): values under the budget's
 * `minSize` (1024) are validated without the timeout, on the grounds that their validation
 * is cheap. It is not when a recursive `$ref` is reached from two branches of a `oneOf` /
 * `anyOf`: with `allErrors` (as generated validators and the runtime's compiler are built)
 * every branch descends, and the work doubles at each level. A tree of two node kinds
 * sharing `children` — an ordinary schema — nested 22 deep is a valid ~700-byte argument
 * that holds the event loop for seconds (26 deep: past the watchdog's 10 s, which kills the
 * server). The budget must stop it like any other over-budget validation.
 */
import { describe, expect, it } from "vitest";
import { ToolRegistry } from "@mcp-specgen/runtime";
import { isAtLeast } from "../../packages/runtime/src/call-budget.js";

const node = {
  oneOf: ["folder", "group"].map((kind) => ({
    type: "object",
    properties: {
      type: { const: kind },
      name: { type: "string" },
      children: { type: "array", items: { $ref: "#/$defs/node" } },
    },
    required: ["type"],
  })),
};

type Tree = { type: string; children?: Tree[] };
const tree = (depth: number): Tree =>
  depth === 0 ? { type: "folder" } : { type: "folder", children: [tree(depth - 1)] };

describe("the validation budget on small values", () => {
  it("stops a small argument whose validation is exponential in its depth", async () => {
    const registry = new ToolRegistry({ validationBudget: { timeoutMs: 100 } });
    registry.register(
      {
        name: "save_tree",
        inputSchema: { type: "object", properties: { root: { $ref: "#/$defs/node" } }, $defs: { node } },
      },
      () => ({ ok: true }),
    );
    const args = { root: tree(22) };
    expect(isAtLeast(args, 1024)).toBe(false); // small: today it is validated without the timeout
    const result = await registry.execute({ tool_name: "save_tree", arguments: args });
    expect(result.error?.error_type).toBe("TimeoutError");
  });
});
