/**
 * Review of issue 26 (validation budget): a raw schema with `"$async": true` makes ajv
 * compile an async validator, whose verdict is a Promise. The guarded path reads it as
 * `Boolean(promise)` (valid), the direct path as "stopped", and the rejected promise of
 * invalid arguments is never handled. Whatever the fix (refuse `$async` at registration,
 * strip it as the generator does, or await it), invalid arguments must not reach the handler.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ToolRegistry } from "@mcp-specgen/runtime";

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);
afterEach(() => {
  process.off("unhandledRejection", onUnhandled);
  unhandled.length = 0;
});

const SCHEMA = {
  $async: true,
  type: "object",
  properties: { n: { type: "number" }, pad: { type: "string" } },
  required: ["n"],
} as const;

describe('raw schemas with "$async": true', () => {
  it("never pass invalid arguments to the handler, and answer valid ones", async () => {
    process.on("unhandledRejection", onUnhandled);
    const registry = new ToolRegistry();
    const seen: unknown[] = [];
    try {
      registry.register({ name: "t", inputSchema: SCHEMA }, (args) => {
        seen.push(args);
        return { ok: true };
      });
    } catch {
      return; // refusing the schema at registration is a fix too
    }
    // Over the budget's minSize (1024): validated under the vm timeout.
    const large = await registry.execute({ tool_name: "t", arguments: { n: "not a number", pad: "x".repeat(2000) } });
    const small = await registry.execute({ tool_name: "t", arguments: { n: "not a number" } });
    const valid = await registry.execute({ tool_name: "t", arguments: { n: 1 } });
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(valid.status === "success" ? [{ n: 1 }] : []);
    expect(large.status).toBe("failure");
    expect(large.error?.error_type).toBe("ValidationError");
    expect(small.error?.error_type).toBe("ValidationError");
    expect(valid.error?.error_type).not.toBe("TimeoutError");
    expect(unhandled).toEqual([]);
  });
});
