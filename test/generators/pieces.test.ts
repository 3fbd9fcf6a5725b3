import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { jsonPieces, piecedFile, piecedLines, PieceList, tsLiteralPieces } from "../../src/generate/pieces.js";
import { tsLiteral } from "../../src/generate/ts.js";
import { deepFreeze } from "../../src/cache/store.js";

// The files that hold every tool are made in pieces, with each frozen value's text kept
// and reused (generate --watch). Joined, the pieces must be exactly the text made whole:
// JSON.stringify for JSON files, tsLiteral for TypeScript.
const SEED = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : 20261127;
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

/** Deep-freezes the objects and arrays of `value` that `pick` chooses (the way frozen IR sits inside fresh wrappers). */
function freezeSome(value: unknown, pick: () => boolean): unknown {
  if (value === null || typeof value !== "object") return value;
  const copy = Array.isArray(value)
    ? value.map((v) => freezeSome(v, pick))
    : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, freezeSome(v, pick)]));
  return pick() ? deepFreeze(copy) : copy;
}

/** JSON data, some of whose parts are frozen, in the nested wrappers aggregate files have. */
const data = fc
  .tuple(fc.jsonValue({ maxDepth: 5 }), fc.array(fc.boolean(), { minLength: 1, maxLength: 32 }))
  .map(([v, bits]) => {
    let i = 0;
    const pick = () => bits[i++ % bits.length]!;
    return { tools: [{ type: "function", function: freezeSome(v, pick) }, freezeSome(v, pick)], other: v };
  });

describe("jsonPieces", () => {
  it("joined, is JSON.stringify(value, null, 2) and a newline, frozen parts or not, at every call (made whole or in pieces)", () => {
    fc.assert(
      fc.property(data, (value) => {
        const whole = `${JSON.stringify(value, null, 2)}\n`;
        expect(jsonPieces(value).join("")).toBe(whole);
        expect(jsonPieces(value).join("")).toBe(whole);
        expect(jsonPieces(deepFreeze(structuredClone(value))).join("")).toBe(whole);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("leaves out what JSON.stringify leaves out and writes toJSON's value", () => {
    const value = {
      gone: undefined,
      fn: () => 1,
      list: [undefined, () => 1, Symbol("s"), 1],
      nested: { gone: undefined, kept: 1, deeper: { gone: undefined } },
      date: new Date(0),
      custom: { toJSON: () => ({ as: "json" }) },
      nothing: { toJSON: () => undefined },
      frozenNothing: Object.freeze({ toJSON: () => undefined }),
      empty: {},
      emptyList: [],
    };
    expect(jsonPieces(value).join("")).toBe(`${JSON.stringify(value, null, 2)}\n`);
    expect(jsonPieces(undefined).join("")).toBe("undefined\n");
    // Made whole the first time, in pieces once a frozen value comes back: both as JSON.stringify.
    const frozen = deepFreeze({ kept: [1, 2] });
    class Keyed {
      toJSON(key: string) {
        return { key, nested: { deeper: [key] } };
      }
    }
    const listWithToJSON = Object.assign([frozen, 2], { toJSON: () => "the list" });
    const edgy = {
      frozen,
      // biome-ignore lint/suspicious/noSparseArray: a hole is written as null
      sparse: [frozen, , 3],
      listWithToJSON,
      keyed: new Keyed(),
      frozenKeyed: Object.freeze(new Keyed()),
      list: [new Keyed(), frozen],
      ["__proto__"]: new Keyed(),
      nothing: { toJSON: () => undefined },
    };
    for (let i = 0; i < 2; i++) expect(jsonPieces(edgy).join("")).toBe(`${JSON.stringify(edgy, null, 2)}\n`);
    expect(jsonPieces([]).join("")).toBe("[]\n");
  });

  it("once a frozen value comes back, gives its text as a piece of its own, indented where it sits", () => {
    const tool = deepFreeze({ name: "search", description: "d".repeat(600), parameters: { type: "object" } });
    const file = (t: object) => ({ tools: [{ type: "function", function: t }] });
    // First met (a one-shot run): made whole.
    expect(jsonPieces(file(tool))).toEqual([`${JSON.stringify(file(tool), null, 2)}\n`]);
    // Met again (a rebuild): in pieces, the tool's text one of them.
    const pieces = jsonPieces(file(tool));
    expect(pieces).toContain(JSON.stringify(tool, null, 2).replaceAll("\n", "\n      "));
    // The short text around it is gathered, not a piece per bracket.
    expect(pieces.length).toBe(3);
    expect(pieces.join("")).toBe(`${JSON.stringify(file(tool), null, 2)}\n`);
  });
});

describe("tsLiteralPieces", () => {
  it("joined, is tsLiteral at any indentation, frozen parts or not", () => {
    fc.assert(
      fc.property(data, fc.constantFrom("", "  ", "      "), (value, indent) => {
        expect(tsLiteralPieces(value, indent).join("")).toBe(tsLiteral(value, indent));
        const frozen = deepFreeze(structuredClone(value));
        expect(tsLiteralPieces(frozen, indent).join("")).toBe(tsLiteral(value, indent));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("writes a key named __proto__ as a computed key and quotes keys that are not identifiers", () => {
    const value = JSON.parse('{"__proto__": {"a-b": 1, "ok": [1, "x"]}}') as unknown;
    const text = tsLiteralPieces(value).join("");
    expect(text).toBe('{\n  ["__proto__"]: {\n    "a-b": 1,\n    ok: [1, "x"],\n  },\n}');
    expect(text).toBe(tsLiteral(value));
  });
});

describe("files in pieces", () => {
  it("piecedFile joins its contents when they are read, and a copy of it holds them", () => {
    const pieces = ["a".repeat(600), "\n", "b"];
    const file = piecedFile("x.ts", pieces);
    expect(file.pieces).toBe(pieces);
    expect(file.contents).toBe(pieces.join(""));
    expect({ ...file }).toEqual({ path: "x.ts", pieces, contents: pieces.join("") });
    expect(structuredClone(file).contents).toBe(pieces.join(""));
  });

  it("piecedLines joins lines by newlines, a line given as pieces staying one line", () => {
    const long = "x".repeat(700);
    const pieces = piecedLines(["// head", ["const a = ", long, ";"], "", "end"]);
    expect(pieces.join("")).toBe(`// head\nconst a = ${long};\n\nend`);
    expect(pieces).toContain(long);
  });

  it("PieceList keeps long strings whole and gathers short ones into pieces of bounded size", () => {
    const list = new PieceList();
    for (let i = 0; i < 5000; i++) list.add("short,");
    const long = "L".repeat(512);
    list.add(long).add(["x", "y"]);
    const pieces = list.done();
    expect(pieces.join("")).toBe(`${"short,".repeat(5000)}${long}xy`);
    expect(pieces).toContain(long);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(512 * 17);
  });
});
