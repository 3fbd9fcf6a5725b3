import { describe, expect, it } from "vitest";
import { assertSerializable, serialize, SerializationError } from "@mcp-specgen/runtime";

function thrown(fn: () => unknown): SerializationError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(SerializationError);
    return e as SerializationError;
  }
  throw new Error("expected a SerializationError");
}

describe("serialize", () => {
  it("writes compact JSON by default and pretty JSON with space", () => {
    expect(serialize({ a: [1, "x", null, true] })).toBe('{"a":[1,"x",null,true]}');
    expect(serialize({ a: 1 }, { space: 2 })).toBe('{\n  "a": 1\n}');
  });

  it("omits undefined object properties (absent optional fields)", () => {
    expect(serialize({ status: "success", data: null, error: undefined })).toBe('{"status":"success","data":null}');
  });

  it("honours toJSON (Date → ISO 8601 string)", () => {
    const when = new Date("2024-01-15T10:30:00Z");
    expect(serialize({ when })).toBe('{"when":"2024-01-15T10:30:00.000Z"}');
  });

  it("accepts shared (non-circular) references", () => {
    const shared = { x: 1 };
    expect(serialize({ a: shared, b: [shared, shared] })).toBe('{"a":{"x":1},"b":[{"x":1},{"x":1}]}');
  });

  const cyclic: { self?: unknown; items: unknown[] } = { items: [] };
  cyclic.items.push({ back: cyclic });

  it.each<[string, unknown, string, RegExp]>([
    ["undefined in an array", { data: { items: [1, 2, undefined] } }, "data.items[2]", /undefined in an array/],
    ["undefined at the root", undefined, "(root)", /undefined cannot be represented/],
    ["a function property", { data: { fn: () => 1 } }, "data.fn", /functions/],
    ["a function in an array", [() => 1], "[0]", /functions/],
    ["a symbol", { data: { s: Symbol("x") } }, "data.s", /symbols/],
    ["a BigInt", { data: { n: 10n } }, "data.n", /BigInt/],
    ["NaN", { data: { x: Number.NaN } }, "data.x", /NaN is not a finite number/],
    ["Infinity", { data: [[Infinity]] }, "data[0][0]", /Infinity is not a finite number/],
    ["-Infinity", { v: -Infinity }, "v", /-Infinity/],
    ["a cycle", { data: cyclic }, "data.items[0].back", /circular reference/],
    ["a Map", { data: { m: new Map([["a", 1]]) } }, "data.m", /Map would be written as \{\}/],
    ["a Set", { data: new Set([1]) }, "data", /Set would be written/],
    ["an odd key", { data: { "my key": [undefined] } }, 'data["my key"][0]', /undefined in an array/],
  ])("rejects %s with its path", (_name, value, path, reason) => {
    const error = thrown(() => serialize(value));
    expect(error.name).toBe("SerializationError");
    expect(error.errorType).toBe("SerializationError");
    expect(error.path).toBe(path);
    expect(error.message).toContain(`Cannot serialize ${path}:`);
    expect(error.message).toMatch(reason);
    expect(error.details).toMatchObject({ path });
    expect(() => assertSerializable(value)).toThrow(SerializationError);
  });

  it("assertSerializable accepts what serialize accepts", () => {
    expect(() => assertSerializable({ a: [1, { b: null }], c: "d" })).not.toThrow();
  });
});
