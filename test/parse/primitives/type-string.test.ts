import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../../src/ir/types.js";
import { parseTypeString } from "../../../src/parse/primitives/type-string.js";

type Case = [name: string, { given: string; want: JsonSchema; unknown?: string[] }];

const S = { type: "string" };
const I = { type: "integer" };
const N = { type: "number" };

const cases: Case[] = [
  // scalars and their aliases
  ["string", { given: "string", want: S }],
  ["str in backticks (corpus table cell)", { given: "`str`", want: S }],
  ["bold int", { given: "**int**", want: I }],
  ["INTEGER upper case", { given: "INTEGER", want: I }],
  ["float", { given: "`float`", want: N }],
  ["double", { given: "double", want: N }],
  ["number", { given: "number", want: N }],
  ["bool", { given: "bool", want: { type: "boolean" } }],
  ["boolean", { given: " boolean ", want: { type: "boolean" } }],
  ["Path is a string", { given: "Path", want: S }],
  ["pathlib.Path with module prefix", { given: "pathlib.Path", want: S }],
  ["filepath", { given: "filepath", want: S }],
  ["bytes", { given: "bytes", want: S }],
  ["datetime", { given: "datetime", want: { type: "string", format: "date-time" } }],
  ["date", { given: "date", want: { type: "string", format: "date" } }],
  ["uuid", { given: "UUID", want: { type: "string", format: "uuid" } }],
  ["any", { given: "`any`", want: {} }],
  ["Any", { given: "Any", want: {} }],
  ["unknown", { given: "unknown", want: {} }],
  ["mixed", { given: "mixed", want: {} }],
  ["json", { given: "JSON", want: {} }],
  ["null", { given: "null", want: { type: "null" } }],
  ["None", { given: "None", want: { type: "null" } }],

  // objects
  ["object", { given: "`object`", want: { type: "object" } }],
  ["dict", { given: "dict", want: { type: "object" } }],
  ["Dict", { given: "Dict", want: { type: "object" } }],
  ["map", { given: "map", want: { type: "object" } }],
  ["Mapping", { given: "Mapping", want: { type: "object" } }],
  ["dict[str, Any] has no value constraint", { given: "dict[str, Any]", want: { type: "object" } }],
  [
    "dict[str, list] (corpus)",
    { given: "`dict[str, list]`", want: { type: "object", additionalProperties: { type: "array" } } },
  ],
  ["Dict[str, int]", { given: "Dict[str, int]", want: { type: "object", additionalProperties: I } }],
  ["Mapping[str, float]", { given: "Mapping[str, float]", want: { type: "object", additionalProperties: N } }],
  ["Record<string, number>", { given: "Record<string, number>", want: { type: "object", additionalProperties: N } }],

  // arrays
  ["array alone", { given: "`array`", want: { type: "array" } }],
  ["list alone", { given: "list", want: { type: "array" } }],
  ["List alone", { given: "List", want: { type: "array" } }],
  ["tuple alone", { given: "tuple", want: { type: "array" } }],
  ["array[string] (corpus)", { given: "`array[string]`", want: { type: "array", items: S } }],
  ["array[object] (corpus)", { given: "`array[object]`", want: { type: "array", items: { type: "object" } } }],
  ["list[float] (corpus)", { given: "`list[float]`", want: { type: "array", items: N } }],
  ["List[str]", { given: "List[str]", want: { type: "array", items: S } }],
  ["typing.List[str]", { given: "typing.List[str]", want: { type: "array", items: S } }],
  ["Array<T>", { given: "Array<string>", want: { type: "array", items: S } }],
  ["T[]", { given: "string[]", want: { type: "array", items: S } }],
  ["T[][]", { given: "int[][]", want: { type: "array", items: { type: "array", items: I } } }],
  [
    "array[array[string]] (corpus)",
    { given: "`array[array[string]]`", want: { type: "array", items: { type: "array", items: S } } },
  ],
  [
    "Array<Array<number>> closes with >>",
    { given: "Array<Array<number>>", want: { type: "array", items: { type: "array", items: N } } },
  ],
  [
    "list[dict[str, list]] (corpus)",
    {
      given: "`list[dict[str, list]]`",
      want: { type: "array", items: { type: "object", additionalProperties: { type: "array" } } },
    },
  ],
  ["list of strings", { given: "list of strings", want: { type: "array", items: S } }],
  ["array of objects", { given: "array of objects", want: { type: "array", items: { type: "object" } } }],
  ["set[str] has unique items", { given: "set[str]", want: { type: "array", items: S, uniqueItems: true } }],
  ["list[Any] has no item constraint", { given: "list[Any]", want: { type: "array" } }],
  ["tuple[A, B]", { given: "tuple[int, str]", want: { type: "array", items: [I, S], minItems: 2, maxItems: 2 } }],
  [
    "Tuple[float, float, float]",
    { given: "Tuple[float, float, float]", want: { type: "array", items: [N, N, N], minItems: 3, maxItems: 3 } },
  ],
  ["tuple[int, ...] is variadic", { given: "tuple[int, ...]", want: { type: "array", items: I } }],

  // enums
  [
    "enum of strings (corpus)",
    { given: '`enum["json", "html", "markdown"]`', want: { type: "string", enum: ["json", "html", "markdown"] } },
  ],
  ["enum of bare words", { given: "enum[a, b]", want: { type: "string", enum: ["a", "b"] } }],
  ["Literal with single quotes", { given: "Literal['x', 'y']", want: { type: "string", enum: ["x", "y"] } }],
  ["enum of numbers", { given: "enum[1, 2, 3]", want: { type: "number", enum: [1, 2, 3] } }],
  [
    "array[enum[...]] (corpus)",
    {
      given: '`array[enum["injection", "pii", "content", "length"]]`',
      want: { type: "array", items: { type: "string", enum: ["injection", "pii", "content", "length"] } },
    },
  ],
  ["union of string literals", { given: '"a" | "b"', want: { type: "string", enum: ["a", "b"] } }],
  ["Literal with None", { given: "Literal['a', None]", want: { type: ["string", "null"], enum: ["a", null] } }],
  ["enum without members", { given: "enum", want: {} }],

  // nullability
  ["str | None", { given: "str | None", want: { type: ["string", "null"] } }],
  ["escaped pipe from a table (corpus)", { given: "`str \\| None`", want: { type: ["string", "null"] } }],
  ["broken escape that split a cell (corpus)", { given: "`str \\ | None`", want: { type: ["string", "null"] } }],
  ["Optional[T] simple", { given: "Optional[int]", want: { type: ["integer", "null"] } }],
  [
    "Optional[T] complex",
    { given: "Optional[List[str]]", want: { anyOf: [{ type: "array", items: S }, { type: "null" }] } },
  ],
  ["T or null", { given: "string or null", want: { type: ["string", "null"] } }],
  ["`T` or `None` (corpus)", { given: "`int` or `None`", want: { type: ["integer", "null"] } }],
  ["`string` or `null` (corpus)", { given: "`string` or `null`", want: { type: ["string", "null"] } }],
  [
    "`list[int]` or `None` (corpus)",
    { given: "`list[int]` or `None`", want: { anyOf: [{ type: "array", items: I }, { type: "null" }] } },
  ],
  [
    "List[str] \\ | None (corpus)",
    { given: "`List[str] \\ | None`", want: { anyOf: [{ type: "array", items: S }, { type: "null" }] } },
  ],
  ["T? shorthand", { given: "number?", want: { type: ["number", "null"] } }],
  ["nullable any stays any", { given: "Any | None", want: {} }],
  [
    "format keeps anyOf",
    { given: "datetime | None", want: { anyOf: [{ type: "string", format: "date-time" }, { type: "null" }] } },
  ],

  // unions
  ["A or B", { given: "int or str", want: { type: ["integer", "string"] } }],
  ["A | B", { given: "int | float", want: { type: ["integer", "number"] } }],
  ["A/B", { given: "string/number", want: { type: ["string", "number"] } }],
  ["Union[A, B]", { given: "Union[int, str]", want: { type: ["integer", "string"] } }],
  ["three-way with None", { given: "int | str | None", want: { type: ["integer", "string", "null"] } }],
  ["union with complex member", { given: "str | list[str]", want: { anyOf: [S, { type: "array", items: S }] } }],
  ["duplicate members collapse", { given: "str | string", want: S }],
  ["dangling operator", { given: "string |", want: S }],

  // qualifiers and bounds
  ["positive int", { given: "positive int", want: I, unknown: ["positive"] }],
  ["non-empty string", { given: "non-empty string", want: S, unknown: ["non-empty"] }],
  ["int > 0", { given: "int > 0", want: { type: "integer", exclusiveMinimum: 0 } }],
  ["float >= 0.5", { given: "float >= 0.5", want: { type: "number", minimum: 0.5 } }],
  ["int <= 100", { given: "int <= 100", want: { type: "integer", maximum: 100 } }],
  ["bound on a string is ignored", { given: "string > 0", want: S }],
  ["str, optional", { given: "str, optional", want: S, unknown: ["optional"] }],
  ["optional string", { given: "optional string", want: S, unknown: ["optional"] }],
  ["parenthetical remark", { given: "string (ISO timestamp)", want: S, unknown: ["ISO", "timestamp"] }],
  ["default after =", { given: 'str = "/"', want: S }],

  // unknowns and junk
  ["unknown name", { given: "Foo", want: {}, unknown: ["Foo"] }],
  ["unknown generic", { given: "Callable[[int], str]", want: {}, unknown: ["Callable"] }],
  ["template placeholder (corpus)", { given: "`[DataType]`", want: { type: "array" }, unknown: ["DataType"] }],
  ["[string] is a list of strings", { given: "[string]", want: { type: "array", items: S } }],
  ["empty", { given: "", want: {} }],
  ["only decoration", { given: "`**`", want: {} }],
  [
    "unbalanced brackets",
    { given: "list[dict[str, int", want: { type: "array", items: { type: "object", additionalProperties: I } } },
  ],
  ["stray closers", { given: "]] int", want: I }],
  ["Yes/No is not a type", { given: "Yes/No", want: {}, unknown: ["Yes", "No"] }],
];

describe("parseTypeString", () => {
  it.each(cases)("%s", (_name, { given, want, unknown }) => {
    const got = parseTypeString(given);
    expect(got.schema).toEqual(want);
    expect(got.unknown).toEqual(unknown);
  });

  it("never throws on pathological nesting", () => {
    const deep = "list[".repeat(5000) + "int" + "]".repeat(5000);
    expect(() => parseTypeString(deep)).not.toThrow();
    expect(parseTypeString(deep).schema).toBeTypeOf("object");
    expect(() => parseTypeString("(".repeat(10000))).not.toThrow();
  });

  it("never throws on arbitrary punctuation", () => {
    const junk = "<>[](){}|,?=/:;!'\"`\\*…...-+.0123abc";
    for (let i = 0; i < junk.length; i++) {
      for (let j = i; j < junk.length; j++) {
        expect(() => parseTypeString(junk.slice(i, j + 1))).not.toThrow();
      }
    }
  });
});
