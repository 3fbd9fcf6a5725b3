import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { expectLinear } from "../helpers/growth.js";
import {
  findIdentifierCollisions,
  RESERVED_IDENTIFIERS,
  toCamelCase,
  toolIdentifiers,
  toPascalCase,
  type IdentifierMode,
} from "../../src/naming/identifiers.js";

const IDENTIFIER = /^[\p{ID_Start}_$][\p{ID_Continue}$\u200C\u200D]*$/u;

const caseTable: Array<[string, { given: string; want: { pascal: string; camel: string } }]> = [
  ["snake case", { given: "read_file_content", want: { pascal: "ReadFileContent", camel: "readFileContent" } }],
  [
    "dotted module name",
    { given: "file_utility.read_file", want: { pascal: "FileUtilityReadFile", camel: "fileUtilityReadFile" } },
  ],
  ["hyphens", { given: "get-sum", want: { pascal: "GetSum", camel: "getSum" } }],
  ["spaces", { given: "  get   tiny image ", want: { pascal: "GetTinyImage", camel: "getTinyImage" } }],
  ["mixed separators", { given: "a.b-c_d e", want: { pascal: "ABCDE", camel: "aBCDE" } }],
  ["camelCase input", { given: "getUserName", want: { pascal: "GetUserName", camel: "getUserName" } }],
  ["PascalCase input", { given: "GetUserName", want: { pascal: "GetUserName", camel: "getUserName" } }],
  [
    "acronym in the middle",
    { given: "getHTTPResponse", want: { pascal: "GetHTTPResponse", camel: "getHTTPResponse" } },
  ],
  ["leading acronym", { given: "XMLHttpRequest", want: { pascal: "XMLHttpRequest", camel: "xmlHttpRequest" } }],
  ["trailing acronym", { given: "userID", want: { pascal: "UserID", camel: "userID" } }],
  ["lowercase then acronym", { given: "iOS_version", want: { pascal: "IOSVersion", camel: "iOSVersion" } }],
  ["screaming snake case", { given: "GET_USER_BY_ID", want: { pascal: "GetUserById", camel: "getUserById" } }],
  ["single all-caps word", { given: "HTTP", want: { pascal: "Http", camel: "http" } }],
  ["digits split words", { given: "oauth2token", want: { pascal: "Oauth2Token", camel: "oauth2Token" } }],
  ["digits inside snake case", { given: "get_2fa_code", want: { pascal: "Get2FaCode", camel: "get2FaCode" } }],
  ["leading digit", { given: "2fa.verify", want: { pascal: "_2FaVerify", camel: "_2FaVerify" } }],
  ["only digits", { given: "123", want: { pascal: "_123", camel: "_123" } }],
  ["unicode letters kept", { given: "café.naïve", want: { pascal: "CaféNaïve", camel: "caféNaïve" } }],
  ["decomposed unicode is normalised", { given: "e\u0301cole", want: { pascal: "École", camel: "école" } }],
  ["caseless script", { given: "日本語.ツール", want: { pascal: "日本語ツール", camel: "日本語ツール" } }],
  ["ß is not expanded to SS", { given: "ß_strasse", want: { pascal: "ßStrasse", camel: "ßStrasse" } }],
  ["emoji dropped and split", { given: "🔥fire🔥ball", want: { pascal: "FireBall", camel: "fireBall" } }],
  ["dollar and at dropped", { given: "$price@usd", want: { pascal: "PriceUsd", camel: "priceUsd" } }],
  ["empty", { given: "", want: { pascal: "Tool", camel: "tool" } }],
  ["all symbols", { given: "!!!...---", want: { pascal: "Tool", camel: "tool" } }],
  ["only emoji", { given: "🚀", want: { pascal: "Tool", camel: "tool" } }],
  ["reserved word", { given: "delete", want: { pascal: "Delete", camel: "delete_" } }],
  ["reserved word from parts", { given: "TYPE_OF", want: { pascal: "TypeOf", camel: "typeOf" } }],
  ["reserved word, other case", { given: "CLASS", want: { pascal: "Class", camel: "class_" } }],
  ["strict-mode reserved word", { given: "interface", want: { pascal: "Interface", camel: "interface_" } }],
  ["TypeScript type name", { given: "string", want: { pascal: "String", camel: "string_" } }],
  [
    "constructor clashes with classes",
    { given: "constructor", want: { pascal: "Constructor", camel: "constructor_" } },
  ],
  ["toString clashes with objects", { given: "to_string", want: { pascal: "ToString", camel: "toString_" } }],
  ["then would make a client thenable", { given: "then", want: { pascal: "Then", camel: "then_" } }],
  ["__proto__ loses its underscores", { given: "__proto__", want: { pascal: "Proto", camel: "proto" } }],
  [
    "leading and trailing separators",
    { given: "__private__name__", want: { pascal: "PrivateName", camel: "privateName" } },
  ],
];

describe("toPascalCase / toCamelCase", () => {
  it.each(caseTable)("%s", (_name, { given, want }) => {
    expect({ pascal: toPascalCase(given), camel: toCamelCase(given) }).toEqual(want);
  });

  it.each(caseTable)("%s: result is a valid, non-reserved identifier", (_name, { given }) => {
    for (const id of [toPascalCase(given), toCamelCase(given)]) {
      expect(id).toMatch(IDENTIFIER);
      expect(RESERVED_IDENTIFIERS.has(id)).toBe(false);
    }
  });

  it("never produces an empty, invalid or reserved identifier for random input", () => {
    const alphabet = ["a", "Z", "1", ".", "_", "-", " ", "é", "🔥", "$", "ß", "\u0301", "日", "İ"];
    let seed = 42;
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 500; i++) {
      const name = Array.from({ length: rand(12) }, () => alphabet[rand(alphabet.length)]).join("");
      for (const id of [toPascalCase(name), toCamelCase(name)]) {
        expect(id, JSON.stringify(name)).toMatch(IDENTIFIER);
        expect(RESERVED_IDENTIFIERS.has(id)).toBe(false);
      }
    }
  });
});

const toolTable: Array<
  [string, { given: { name: string; module: string; mode: IdentifierMode }; want: { pascal: string; camel: string } }]
> = [
  [
    "tool mode drops the module prefix",
    {
      given: { name: "file_utility.read_file_content", module: "file_utility", mode: "tool" },
      want: { pascal: "ReadFileContent", camel: "readFileContent" },
    },
  ],
  [
    "module-tool mode keeps it",
    {
      given: { name: "file_utility.read_file_content", module: "file_utility", mode: "module-tool" },
      want: { pascal: "FileUtilityReadFileContent", camel: "fileUtilityReadFileContent" },
    },
  ],
  [
    "prefix is everything before the last dot",
    {
      given: { name: "a.b.do_it", module: "a", mode: "tool" },
      want: { pascal: "DoIt", camel: "doIt" },
    },
  ],
  [
    "nested prefix kept in module-tool mode",
    {
      given: { name: "a.b.do_it", module: "a", mode: "module-tool" },
      want: { pascal: "ABDoIt", camel: "aBDoIt" },
    },
  ],
  [
    "hyphenated name without prefix, tool mode",
    {
      given: { name: "get-sum", module: "everything", mode: "tool" },
      want: { pascal: "GetSum", camel: "getSum" },
    },
  ],
  [
    "module argument used when the name has no prefix",
    {
      given: { name: "get-sum", module: "everything", mode: "module-tool" },
      want: { pascal: "EverythingGetSum", camel: "everythingGetSum" },
    },
  ],
  [
    "module not repeated when the name starts with it",
    {
      given: { name: "weather_get_forecast", module: "weather", mode: "module-tool" },
      want: { pascal: "WeatherGetForecast", camel: "weatherGetForecast" },
    },
  ],
  [
    "empty module and no prefix",
    {
      given: { name: "echo", module: "", mode: "module-tool" },
      want: { pascal: "Echo", camel: "echo" },
    },
  ],
  [
    "nothing after the dot falls back to the whole name",
    {
      given: { name: "utils.", module: "utils", mode: "tool" },
      want: { pascal: "Utils", camel: "utils" },
    },
  ],
  [
    "reserved tool name after the prefix",
    {
      given: { name: "records.delete", module: "records", mode: "tool" },
      want: { pascal: "Delete", camel: "delete_" },
    },
  ],
  [
    "reserved name fixed by the module prefix",
    {
      given: { name: "records.delete", module: "records", mode: "module-tool" },
      want: { pascal: "RecordsDelete", camel: "recordsDelete" },
    },
  ],
];

// The casing rules with every character class read from its Unicode property, one code
// point at a time: what the functions must give, however they classify ASCII.
const reference = (() => {
  const is = (re: RegExp) => (ch: string) => re.test(ch);
  const idStart = is(/^\p{ID_Start}$/u);
  const idContinue = is(/^\p{ID_Continue}$/u);
  const upper = is(/^[\p{Lu}\p{Lt}]$/u);
  const lower = is(/^\p{Ll}$/u);
  const digit = is(/^\p{Nd}$/u);
  const words = (input: string): string[] => {
    const chars = Array.from(input.normalize("NFC"));
    const out: string[] = [];
    let current = "";
    chars.forEach((ch, i) => {
      if (ch === "_" || !idContinue(ch)) {
        if (current) out.push(current);
        current = "";
        return;
      }
      const prev = Array.from(current).pop();
      const next = chars[i + 1];
      const boundary =
        prev !== undefined &&
        ((lower(prev) && upper(ch)) ||
          (upper(prev) && upper(ch) && next !== undefined && lower(next)) ||
          digit(prev) !== digit(ch));
      if (boundary) {
        out.push(current);
        current = "";
      }
      current += ch;
    });
    if (current) out.push(current);
    return /\p{Ll}/u.test(input) ? out : out.map((w) => w.toLowerCase());
  };
  const upperFirst = (w: string) => {
    const [first, ...rest] = Array.from(w);
    const up = Array.from(first!.toUpperCase());
    return (up.length === 1 && idContinue(up[0]!) ? up[0] : first) + rest.join("");
  };
  const finish = (joined: string, fallback: string) => {
    if (joined === "") return fallback;
    const id = idStart(Array.from(joined)[0]!) ? joined : `_${joined}`;
    return RESERVED_IDENTIFIERS.has(id) ? `${id}_` : id;
  };
  return {
    pascal: (name: string) => finish(words(name).map(upperFirst).join(""), "Tool"),
    camel: (name: string) => {
      const [head, ...tail] = words(name);
      if (head === undefined) return finish("", "tool");
      const lowered = head.toLowerCase();
      const first = Array.from(lowered).every(idContinue) ? lowered : head;
      return finish(first + tail.map(upperFirst).join(""), "tool");
    },
  };
})();

describe("toPascalCase / toCamelCase against the rules read from Unicode properties", () => {
  it("give the same identifiers for any name", () => {
    const name = fc.oneof(
      fc.string({ unit: "binary", maxLength: 12 }),
      fc.string({ unit: "grapheme", maxLength: 12 }),
      fc
        .array(fc.constantFrom("a", "B", "7", "_", ".", "-", "é", "É", "ǅ", "٣", "ß", "\u0301", "\uD800", "🙂", "$"), {
          maxLength: 10,
        })
        .map((parts) => parts.join("")),
    );
    fc.assert(
      fc.property(name, (n) => {
        expect(toPascalCase(n)).toBe(reference.pascal(n));
        expect(toCamelCase(n)).toBe(reference.camel(n));
      }),
      { seed: 20261128, numRuns: 2000 },
    );
  });
});

describe("toolIdentifiers", () => {
  it.each(toolTable)("%s", (_name, { given, want }) => {
    expect(toolIdentifiers(given.name, given.module, given.mode)).toEqual(want);
  });
});

type Item = { key: string; name: string; identifier: string };
const item = (key: string, identifier: string): Item => ({ key, name: key, identifier });

const collisionTable: Array<[string, { given: Item[]; want: string[][] }]> = [
  ["no items", { given: [], want: [] }],
  ["distinct identifiers", { given: [item("a", "Foo"), item("b", "Bar")], want: [] }],
  ["exact duplicate", { given: [item("a", "Foo"), item("b", "Bar"), item("c", "Foo")], want: [["a", "c"]] }],
  ["case-only duplicate", { given: [item("a", "FooBar"), item("b", "Foobar")], want: [["a", "b"]] }],
  ["ß and SS fold together", { given: [item("a", "Straße"), item("b", "STRASSE")], want: [["a", "b"]] }],
  [
    "mixed group and order of groups",
    {
      given: [
        item("x", "Zed"),
        item("a", "Foo"),
        item("b", "ZED"),
        item("c", "foo"),
        item("d", "Foo"),
        item("e", "Solo"),
      ],
      want: [
        ["x", "b"],
        ["a", "c", "d"],
      ],
    },
  ],
];

describe("findIdentifierCollisions", () => {
  it.each(collisionTable)("%s", (_name, { given, want }) => {
    expect(findIdentifierCollisions(given).map((g) => g.map((i) => i.key))).toEqual(want);
  });

  it("detects the classic dotted/underscored clash via toolIdentifiers", () => {
    const tools = ["a.b_c", "a_b.c", "a.b.c"].map((name) => ({
      key: name,
      name,
      identifier: toolIdentifiers(name, "", "module-tool").pascal,
    }));
    expect(findIdentifierCollisions(tools).map((g) => g.map((i) => i.key))).toEqual([["a.b_c", "a_b.c", "a.b.c"]]);
  });

  it("is linear in the number of items", () => {
    // Every identifier twice: n / 2 groups of two.
    const items = (n: number) => Array.from({ length: n }, (_, i) => item(String(i), `Tool${i % (n / 2)}`));
    expect(findIdentifierCollisions(items(8_000))).toHaveLength(4_000);
    expectLinear({ input: items, run: findIdentifierCollisions }, 2_000);
  });
});
