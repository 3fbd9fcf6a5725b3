import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ToolRegistry, type ValidateFunction, type ValidatorError } from "@mcp-specgen/runtime";
import { isAtLeast, readIssues, ValidationBudget } from "../../packages/runtime/src/call-budget.js";

// No test here measures time: a validator that spins for seconds must be stopped (else the
// call succeeds), and whether a validation ran under the guard is read from its stack.

/**
 * The budget of the tests that also validate something harmless under it: far above what
 * that takes even on a machine so loaded that the process gets a small share of a CPU (a
 * budget counts wall-clock time), far below the seconds a stuck validator spins.
 */
const BUDGET_MS = 250;

/**
 * A validator that does not return for seconds (the worst a schema can do, made finite
 * so that without the budget a test fails instead of hanging the test process).
 */
const forever: ValidateFunction = Object.assign(
  (): boolean => {
    const until = Date.now() + 5_000;
    while (Date.now() < until) {
      // spin
    }
    return true;
  },
  { errors: null },
);

/** A validator that records whether it ran under the budget's guard (its script is on the stack). */
function spy(): ValidateFunction & { guarded: boolean[] } {
  const guarded: boolean[] = [];
  return Object.assign(
    (): boolean => {
      guarded.push((new Error().stack ?? "").includes("mcp-specgen:validation-budget"));
      return true;
    },
    { errors: null, guarded },
  );
}

const big = { text: "x".repeat(2_000) };

/** The size isAtLeast counts, computed in full. */
function size(value: unknown): number {
  if (typeof value === "string") return 1 + value.length;
  if (Array.isArray(value)) return 1 + value.reduce((n: number, v) => n + size(v), 0);
  if (typeof value === "object" && value !== null)
    return 1 + Object.entries(value).reduce((n, [k, v]) => n + k.length + size(v), 0);
  return 1;
}

describe("isAtLeast", () => {
  it("agrees with the full size for any JSON value and bound", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(300), (value, bound) => {
        expect(isAtLeast(value, bound)).toBe(size(value) >= bound);
      }),
      { seed: 26, numRuns: 500 },
    );
  });

  it("visits about `bound` values of a huge input, not all of it", () => {
    let reads = 0;
    const items = new Proxy(new Array(1_000_000).fill(0), {
      get(target, key, receiver) {
        if (typeof key === "string" && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    expect(isAtLeast(items, 100)).toBe(true);
    expect(reads).toBeLessThanOrEqual(100);
  });

  it("counts an unreadable value as large", () => {
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    expect(isAtLeast(revoked.proxy, 10)).toBe(true);
  });
});

describe("validation budget", () => {
  it("stops argument validation that runs past the budget with a TimeoutError, and keeps serving", async () => {
    const registry = new ToolRegistry({ validationBudget: { timeoutMs: BUDGET_MS } });
    registry.register({ name: "stuck", inputSchema: { type: "object" }, validateInput: forever }, () => "ran");
    registry.register({ name: "fine", inputSchema: { type: "object" } }, () => "ok");
    const result = await registry.execute({ tool_name: "stuck", arguments: big });
    expect(result.status).toBe("failure");
    expect(result.error).toEqual({
      error_type: "TimeoutError",
      error_message: expect.stringContaining(
        `Validating the arguments of tool "stuck" took longer than ${BUDGET_MS} ms`,
      ),
      error_details: { timeoutMs: BUDGET_MS, phase: "input validation" },
    });
    expect((await registry.execute({ tool_name: "fine", arguments: big })).data).toBe("ok");
    expect(registry.validateCall({ tool_name: "stuck", arguments: big })).toMatchObject({
      ok: false,
      error: { error_type: "TimeoutError" },
    });
  });

  it("is capped by the call's own time limit, which counts from the call's arrival", async () => {
    const registry = new ToolRegistry({ validationBudget: { timeoutMs: 60_000 } });
    registry.register(
      { name: "stuck", inputSchema: { type: "object" }, validateInput: forever, timeoutMs: 40 },
      () => 1,
    );
    const result = await registry.execute({ tool_name: "stuck", arguments: big });
    expect(result.error).toEqual({
      error_type: "TimeoutError",
      error_message: 'Tool "stuck" timed out after 40 ms: its time limit ran out while its arguments were validated',
      error_details: { timeoutMs: 40, phase: "input validation" },
    });
  });

  it("guards only values of at least minSize (small ones are validated directly)", async () => {
    const validate = spy();
    const registry = new ToolRegistry({ validationBudget: { minSize: 50 } });
    registry.register({ name: "t", inputSchema: { type: "object" }, validateInput: validate }, () => 1);
    await registry.execute({ tool_name: "t", arguments: { a: "x".repeat(10) } });
    await registry.execute({ tool_name: "t", arguments: { a: "x".repeat(60) } });
    await registry.execute({ tool_name: "t", arguments: { list: Array.from({ length: 60 }, () => 0) } });
    expect(validate.guarded).toEqual([false, true, true]);
    const everything = spy();
    const all = new ToolRegistry({ validationBudget: { minSize: 0 } });
    all.register({ name: "t", inputSchema: { type: "object" }, validateInput: everything }, () => 1);
    await all.execute({ tool_name: "t", arguments: {} });
    expect(everything.guarded).toEqual([true]);
    const never = spy();
    const off = new ToolRegistry({ validationBudget: { timeoutMs: 0 }, defaultTimeoutMs: 0 });
    off.register({ name: "t", inputSchema: { type: "object" }, validateInput: never }, () => 1);
    await off.execute({ tool_name: "t", arguments: big });
    expect(never.guarded).toEqual([false]);
  });

  it("stops a quadratic uniqueItems check of a schema registered at run time", async () => {
    const registry = new ToolRegistry({ validationBudget: { timeoutMs: BUDGET_MS } });
    const inputSchema = { type: "object", properties: { list: { type: "array", uniqueItems: true } } };
    registry.register({ name: "unique", inputSchema }, () => "ran");
    // 30,000 distinct objects: about 450 million pairwise comparisons.
    const list = Array.from({ length: 30_000 }, (_, i) => ({ i }));
    const result = await registry.execute({ tool_name: "unique", arguments: { list } });
    expect(result.error?.error_type).toBe("TimeoutError");
    expect((await registry.execute({ tool_name: "unique", arguments: { list: [{ i: 1 }, { i: 2 }] } })).data).toBe(
      "ran",
    );
  });

  it("stops output validation past the budget: a failure, or a warning with outputValidation warn", async () => {
    const output = { type: "object" };
    const make = (mode: "error" | "warn") => {
      const registry = new ToolRegistry({ validationBudget: { timeoutMs: BUDGET_MS }, outputValidation: mode });
      registry.register(
        { name: "echo", inputSchema: { type: "object" }, outputSchema: output, validateOutput: forever },
        (args) => args,
      );
      return registry;
    };
    const failed = await make("error").execute({ tool_name: "echo", arguments: big });
    expect(failed.error).toMatchObject({
      error_type: "TimeoutError",
      error_details: { timeoutMs: BUDGET_MS, phase: "output validation" },
    });
    expect(failed.error?.error_message).toContain(
      `Validating the result of tool "echo" took longer than ${BUDGET_MS} ms`,
    );
    const warned = await make("warn").execute({ tool_name: "echo", arguments: big });
    expect(warned.status).toBe("success");
  });

  it("rejects invalid options", () => {
    expect(() => new ValidationBudget({ timeoutMs: -1 })).toThrow(RangeError);
    expect(() => new ValidationBudget({ minSize: Number.NaN })).toThrow(RangeError);
    expect(() => new ToolRegistry({ validationBudget: { timeoutMs: "1" as unknown as number } })).toThrow(RangeError);
  });

  it("passes what a validator throws through unchanged", () => {
    const budget = new ValidationBudget({ minSize: 0 });
    const broken = Object.assign(
      (): boolean => {
        throw new TypeError("broken validator");
      },
      { errors: null },
    );
    expect(() => budget.check(broken, {}, Infinity)).toThrow("broken validator");
  });
});

describe("reading a failed validation's errors", () => {
  /** A validator that fails with `count` errors, the same one over and over; errors past `readable` throw when read. */
  function failing(count: number, readable: number): ValidateFunction {
    const error = {
      instancePath: "/a",
      schemaPath: "#/oneOf",
      keyword: "oneOf",
      params: {},
      message: "must match exactly one schema",
    };
    const errors = Array.from({ length: count }, (_, i) =>
      i < readable
        ? error
        : Object.defineProperty({}, "keyword", {
            get() {
              throw new Error(`error ${i} was read`);
            },
          }),
    );
    return Object.assign(() => false, { errors: errors as ValidatorError[] });
  }

  it("reads only the first errors of a validator that left a huge number of them, and says there were more", async () => {
    const validate = failing(50_000, 1_000);
    validate({ a: 1 });
    const { issues, more } = readIssues(validate, { a: 1 }, 101);
    expect(issues).toHaveLength(1);
    expect(more).toBe(true);
    const registry = new ToolRegistry();
    registry.register({ name: "t", inputSchema: { type: "object" }, validateInput: validate }, () => 1);
    const result = await registry.execute({ tool_name: "t", arguments: { a: 1 } });
    expect(result.error).toMatchObject({
      error_type: "ValidationError",
      error_details: { truncated: true, errors: [{ pointer: "/a", rule: "oneOf" }] },
    });
  });

  it("reads every error of an ordinary failure", () => {
    const validate = failing(1_000, 1_000);
    expect(readIssues(validate, { a: 1 }, 101)).toEqual({
      issues: [expect.objectContaining({ pointer: "/a" })],
      more: false,
    });
  });
});
