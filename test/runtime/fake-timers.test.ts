import { afterEach, expect, it, vi } from "vitest";
import { ToolRegistry } from "@mcp-specgen/runtime";

// Own file: the shared deadline timer is module state, so it must start under fake timers.
afterEach(() => {
  vi.useRealTimers();
});

it("applies the default 30 s limit under fake timers", async () => {
  vi.useFakeTimers();
  const registry = new ToolRegistry();
  let signal: AbortSignal | undefined;
  registry.register({ name: "a.hang", inputSchema: {} }, (_args, ctx) => {
    signal = ctx.signal;
    return new Promise(() => {});
  });
  let settled = false;
  const pending = registry.execute({ tool_name: "a.hang", arguments: {} }).then((r) => {
    settled = true;
    return r;
  });
  await vi.advanceTimersByTimeAsync(29_999);
  expect(settled).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  const result = await pending;
  expect(result.error).toEqual({
    error_type: "TimeoutError",
    error_message: 'Tool "a.hang" timed out after 30000 ms',
    error_details: { timeoutMs: 30_000 },
  });
  expect(signal?.aborted).toBe(true);
});

it("counts a call's time limit from its arrival: time spent validating is not given again", async () => {
  vi.useFakeTimers();
  const registry = new ToolRegistry();
  // A validator that takes 40 ms of the (fake) clock, on small arguments (validated directly).
  const slowValidator = Object.assign(
    () => {
      vi.advanceTimersByTime(40);
      return true;
    },
    { errors: null },
  );
  registry.register({ name: "a.slow", inputSchema: {}, validateInput: slowValidator, timeoutMs: 100 }, () => {
    return new Promise(() => {});
  });
  let settled = false;
  const pending = registry.execute({ tool_name: "a.slow", arguments: {} }).then((r) => {
    settled = true;
    return r;
  });
  await vi.advanceTimersByTimeAsync(59);
  expect(settled).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(settled).toBe(true);
  expect((await pending).error?.error_message).toBe('Tool "a.slow" timed out after 100 ms');
});
