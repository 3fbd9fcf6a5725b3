import { describe, expect, it } from "vitest";
import { expectLinear } from "../helpers/growth.js";
import {
  ANTHROPIC_NAME_RULES,
  GEMINI_NAME_RULES,
  invertVendorNames,
  isValidVendorName,
  mapVendorNames,
  OPENAI_NAME_RULES,
  unmapVendorName,
} from "../../src/naming/vendor-names.js";

const HASHED = /^(?:[A-Za-z0-9_-]*_)?[a-z2-7]{8}$/;

const long130 = `${"module_name_".repeat(10)}tool_name`; // 129 chars
const name130 = `${long130}x`;

const table: Array<
  [string, { given: { names: string[]; maxLength?: number }; want: Record<string, string | RegExp> }]
> = [
  [
    "dots become double underscores",
    {
      given: { names: ["ai_code_editing.generate_code"] },
      want: { "ai_code_editing.generate_code": "ai_code_editing__generate_code" },
    },
  ],
  [
    "hyphens and plain names pass through",
    {
      given: { names: ["get-sum", "echo", "A-b_C9"] },
      want: { "get-sum": "get-sum", echo: "echo", "A-b_C9": "A-b_C9" },
    },
  ],
  ["server.tool", { given: { names: ["server.tool"] }, want: { "server.tool": "server__tool" } }],
  ["several dots", { given: { names: ["a.b.c"] }, want: { "a.b.c": "a__b__c" } }],
  [
    "a.b keeps the direct form, a__b is hashed",
    {
      given: { names: ["a__b", "a.b"] },
      want: { "a.b": "a__b", a__b: /^a__b_[a-z2-7]{8}$/ },
    },
  ],
  [
    "a_.b and a._b would both be a___b, so both are hashed",
    {
      given: { names: ["a_.b", "a._b"] },
      want: { "a_.b": /^a___b_[a-z2-7]{8}$/, "a._b": /^a___b_[a-z2-7]{8}$/ },
    },
  ],
  [
    "130-char name is truncated and hashed",
    {
      given: { names: [name130] },
      // 64 - 9 = 55 prefix chars, then the trailing `_` of the cut is removed.
      want: { [name130]: new RegExp(`^${name130.slice(0, 55).replace(/_+$/, "")}_[a-z2-7]{8}$`) },
    },
  ],
  [
    "exactly 64 chars after mapping stays direct",
    {
      given: { names: [`${"a".repeat(31)}.${"b".repeat(31)}`] },
      want: { [`${"a".repeat(31)}.${"b".repeat(31)}`]: `${"a".repeat(31)}__${"b".repeat(31)}` },
    },
  ],
  [
    "65 chars after mapping is hashed",
    {
      given: { names: [`${"a".repeat(32)}.${"b".repeat(31)}`] },
      want: {
        [`${"a".repeat(32)}.${"b".repeat(31)}`]: new RegExp(`^${"a".repeat(32)}__${"b".repeat(21)}_[a-z2-7]{8}$`),
      },
    },
  ],
  [
    "Cursor limit of 60",
    {
      given: { names: ["x".repeat(61), "y".repeat(60)], maxLength: 60 },
      want: { ["x".repeat(61)]: /^x{51}_[a-z2-7]{8}$/, ["y".repeat(60)]: "y".repeat(60) },
    },
  ],
  [
    "invalid characters are replaced in the hashed prefix",
    {
      given: { names: ["héllo wörld"] },
      want: { "héllo wörld": /^h_llo_w_rld_[a-z2-7]{8}$/ },
    },
  ],
  ["empty name becomes a bare hash", { given: { names: [""] }, want: { "": /^[a-z2-7]{8}$/ } }],
  ["duplicates share one entry", { given: { names: ["echo", "echo"] }, want: { echo: "echo" } }],
];

function shuffle<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function checkInvariants(names: readonly string[], mapping: Map<string, string>, maxLength = 64): void {
  expect([...mapping.keys()].sort()).toEqual([...new Set(names)].sort());
  const values = [...mapping.values()];
  for (const v of values) {
    expect(v).toMatch(/^[a-zA-Z0-9_-]+$/);
    expect(v.length).toBeGreaterThanOrEqual(1);
    expect(v.length).toBeLessThanOrEqual(maxLength);
  }
  expect(new Set(values).size).toBe(values.length);
  for (const [original, vendor] of mapping) expect(unmapVendorName(vendor, mapping)).toBe(original);
}

describe("mapVendorNames", () => {
  it.each(table)("%s", (_name, { given, want }) => {
    const mapping = mapVendorNames(given.names, given.maxLength === undefined ? {} : { maxLength: given.maxLength });
    expect(mapping.size).toBe(Object.keys(want).length);
    for (const [original, expected] of Object.entries(want)) {
      const got = mapping.get(original);
      if (expected instanceof RegExp) expect(got).toMatch(expected);
      else expect(got).toBe(expected);
    }
    checkInvariants(given.names, mapping, given.maxLength);
  });

  it("hashes are deterministic across calls", () => {
    expect(mapVendorNames([name130]).get(name130)).toBe(mapVendorNames([name130, "other"]).get(name130));
  });

  it("keeps the first-occurrence order of entries", () => {
    expect([...mapVendorNames(["b", "a.x", "b", "c"]).keys()]).toEqual(["b", "a.x", "c"]);
  });

  it("resolves a hashed form that equals another name's direct form", () => {
    const hashed = mapVendorNames(["a__b"]).get("a__b")!;
    // A name whose direct form is exactly that hashed string.
    const rival = hashed.replaceAll("__", ".");
    const mapping = mapVendorNames(["a__b", rival]);
    expect(mapping.get(rival)).toBe(hashed);
    expect(mapping.get("a__b")).not.toBe(hashed);
    checkInvariants(["a__b", rival], mapping);
    expect(mapVendorNames([rival, "a__b"])).toEqual(mapping);
  });

  it.each([[0], [9], [10.5], [Number.NaN]])("rejects maxLength %s", (maxLength) => {
    expect(() => mapVendorNames(["a"], { maxLength })).toThrow(RangeError);
  });

  it("property: 1000 random names, any order, several limits", () => {
    const alphabet = "abcXYZ019._-";
    let seed = 7;
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const names: string[] = [];
    for (let i = 0; i < 1000; i++) {
      // Mostly short names (many collide after mapping), some far over the limit.
      const length = rand(10) === 0 ? 60 + rand(80) : 1 + rand(8);
      names.push(Array.from({ length }, () => alphabet[rand(alphabet.length)]).join(""));
    }
    for (const maxLength of [64, 60, 16, 10]) {
      const mapping = mapVendorNames(names, { maxLength });
      checkInvariants(names, mapping, maxLength);
      for (const seedValue of [1, 2, 3]) {
        const shuffled = mapVendorNames(shuffle(names, seedValue), { maxLength });
        expect(Object.fromEntries(shuffled)).toEqual(Object.fromEntries(mapping));
      }
    }
  });

  it("maps names in time linear in their number", () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => (i % 2 ? `mod${i}.tool_${i}` : `m__${i}`));
    expect(mapVendorNames(names(8_000)).size).toBe(8_000);
    expectLinear({ input: names, run: (list) => mapVendorNames(list) }, 2_000);
  });
});

describe("unmapVendorName / invertVendorNames", () => {
  const mapping = mapVendorNames(["ai_code_editing.generate_code", "a__b", "get-sum"]);

  it.each([
    ["direct form", { given: "ai_code_editing__generate_code", want: "ai_code_editing.generate_code" }],
    ["hyphenated", { given: "get-sum", want: "get-sum" }],
    ["hashed form", { given: mapping.get("a__b")!, want: "a__b" }],
    ["unknown name", { given: "nope", want: undefined }],
    ["original name is not a vendor name", { given: "ai_code_editing.generate_code", want: undefined }],
  ])("%s", (_name, { given, want }) => {
    expect(unmapVendorName(given, mapping)).toBe(want);
  });

  it("reads the manifest's plain-object copy", () => {
    const record = Object.fromEntries(mapping);
    expect(unmapVendorName("get-sum", record)).toBe("get-sum");
    expect(invertVendorNames(record)).toEqual(invertVendorNames(mapping));
  });

  it("does not see Object.prototype members in a record", () => {
    expect(unmapVendorName("constructor", {})).toBeUndefined();
  });

  it("inverts every entry", () => {
    const inverse = invertVendorNames(mapping);
    for (const [original, vendor] of mapping) expect(inverse.get(vendor)).toBe(original);
  });
});

describe("isValidVendorName", () => {
  it.each([
    ["plain", { given: ["get_sum", 64], want: true }],
    ["dot", { given: ["a.b", 64], want: false }],
    ["empty", { given: ["", 64], want: false }],
    ["over limit", { given: ["x".repeat(61), 60], want: false }],
    ["at limit", { given: ["x".repeat(60), 60], want: true }],
  ] as Array<[string, { given: [string, number]; want: boolean }]>)("%s", (_name, { given, want }) => {
    expect(isValidVendorName(...given)).toBe(want);
  });

  it("hashed outputs look hashed", () => {
    expect(mapVendorNames([long130]).get(long130)).toMatch(HASHED);
  });
});

describe("per-vendor rules", () => {
  const names = [
    "ai_code_editing.generate_code",
    "a__b",
    "a.b",
    "9lives",
    "-dash",
    "_private.x",
    `${"segment.".repeat(20)}end`,
    `${"segment.".repeat(20)}enD`,
  ];

  it("Gemini keeps dots, starts every name with a letter or _, and stays within its cap", () => {
    for (const maxLength of [16, 60, 64, 128]) {
      const mapping = mapVendorNames(names, { maxLength, rules: GEMINI_NAME_RULES });
      expect(new Set(mapping.values()).size).toBe(names.length);
      for (const vendor of mapping.values()) {
        expect(vendor.length).toBeLessThanOrEqual(maxLength);
        expect(isValidVendorName(vendor, maxLength, GEMINI_NAME_RULES)).toBe(true);
        expect(vendor).toMatch(/^[A-Za-z_][A-Za-z0-9_.:-]*$/);
      }
      for (const [original, vendor] of mapping) expect(unmapVendorName(vendor, mapping)).toBe(original);
    }
    const mapping = mapVendorNames(names, { rules: GEMINI_NAME_RULES });
    expect(mapping.get("ai_code_editing.generate_code")).toBe("ai_code_editing.generate_code");
    expect(mapping.get("a.b")).toBe("a.b");
    expect(mapping.get("a__b")).toBe("a__b");
    expect(mapping.get("9lives")).toMatch(/^_9lives_[a-z2-7]{8}$/);
    expect(mapping.get("-dash")).toMatch(/^_-dash_[a-z2-7]{8}$/);
  });

  it("OpenAI and Anthropic names are the same, and never hold a dot", () => {
    const openai = mapVendorNames(names, { maxLength: 60, rules: OPENAI_NAME_RULES });
    const anthropic = mapVendorNames(names, { maxLength: 60, rules: ANTHROPIC_NAME_RULES });
    expect([...anthropic]).toEqual([...openai]);
    for (const vendor of openai.values()) expect(isValidVendorName(vendor, 60)).toBe(true);
  });

  it("depends on the set of names only, under every vendor's rules", () => {
    for (const rules of [OPENAI_NAME_RULES, GEMINI_NAME_RULES]) {
      const forward = mapVendorNames(names, { maxLength: 20, rules });
      const backward = mapVendorNames([...names].reverse(), { maxLength: 20, rules });
      for (const n of names) expect(backward.get(n)).toBe(forward.get(n));
    }
  });

  it("refuses a cap above the vendor's own limit", () => {
    expect(() => mapVendorNames(["a"], { maxLength: 65 })).toThrow(RangeError);
    expect(mapVendorNames(["a"], { maxLength: 128, rules: GEMINI_NAME_RULES }).get("a")).toBe("a");
    expect(() => mapVendorNames(["a"], { maxLength: 129, rules: GEMINI_NAME_RULES })).toThrow(/128 for gemini/);
  });
});
