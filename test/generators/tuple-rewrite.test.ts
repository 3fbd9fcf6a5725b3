import { describe, expect, it } from "vitest";
import { markOptionalElements, OPTIONAL_ELEMENT } from "../../generators/types/tuples.js";
import { tsParseErrors } from "../helpers/typescript-reference.js";
import { expectLinear } from "../helpers/growth.js";

// The tuple rewrite: json-schema-to-typescript writes an optional tuple element as a union
// with a stand-in type, which the rewrite turns into TypeScript's `T?` (parenthesized when
// the element type would otherwise bind the `?` wrongly).

const M = OPTIONAL_ELEMENT;

describe("markOptionalElements", () => {
  it("leaves code without a stand-in alone", () => {
    const plain = "export type A = [string, number]\n";
    expect(markOptionalElements(plain)).toBe(plain);
  });

  it.each([
    [`[string, number | ${M}]`, "[string, number?]"],
    [`[string, (number | ${M})]`, "[string, number?]"],
    [`[(string | ${M}), ((number | ${M}))]`, "[string?, number?]"],
    [`[string | number | ${M}]`, "[(string | number)?]"],
    [`[${M} | "a" | "b"]`, `[("a" | "b")?]`],
    [`[(A & B) | ${M}]`, "[(A & B)?]"],
    [`[A & B | ${M}]`, "[(A & B)?]"],
    [`[((x: string) => void) | ${M}]`, "[((x: string) => void)?]"],
    [`[(keyof A) | ${M}]`, "[(keyof A)?]"],
    [`[(readonly string[]) | ${M}]`, "[(readonly string[])?]"],
    [`[string[] | ${M}]`, "[string[]?]"],
    [`[{ a?: string } | ${M}]`, "[{ a?: string }?]"],
    [`[[number, string | ${M}] | ${M}]`, "[[number, string?]?]"],
    // An optional element beside one that holds a tuple with an optional element: one pass.
    [`[string | ${M}, [boolean | ${M}] | ${M}]`, "[string?, [boolean?]?]"],
    [
      `[string | ${M}, ([boolean | ${M}, ...(unknown)[]]) | ${M}, ...(unknown)[]]`,
      "[string?, ([boolean?, ...(unknown)[]])?, ...(unknown)[]]",
    ],
    [`[[[number | ${M}] | ${M}] | ${M}]`, "[[[number?]?]?]"],
    [`{ a: [string | ${M}] }[]`, "{ a: [string?] }[]"],
    [`[${M} | ${M}]`, "[unknown?]"],
  ])("%s becomes %s", (before, after) => {
    const out = markOptionalElements(`export type T = ${before}\n`);
    expect(out).toBe(`export type T = ${after}\n`);
    expect(tsParseErrors(out)).toEqual([]);
  });

  it("keeps comments and the rest of the module as they are", () => {
    const code = `/** A "tuple" */\nexport type T = [\n  /* first */ string,\n  number | ${M}\n]\nexport interface U {\n  a: [boolean | ${M}]\n}\n`;
    expect(markOptionalElements(code)).toBe(
      `/** A "tuple" */\nexport type T = [\n  /* first */ string,\n  number?\n]\nexport interface U {\n  a: [boolean?]\n}\n`,
    );
  });

  it("throws when a stand-in is left outside a tuple, or the code does not parse", () => {
    expect(() => markOptionalElements(`export type T = string | ${M}\n`)).toThrow(/left outside a tuple/);
    expect(() => markOptionalElements(`export type T = [string | ${M}, ${M}[]]\n`)).toThrow(/left outside a tuple/);
    expect(() => markOptionalElements(`export type T = [string | ${M}\n`)).toThrow(/do not parse/);
  });

  it("leaves the stand-in's name alone where it is spec text: comments, strings, property names", () => {
    const code = `/** ${M} */\nexport interface T {\n  ${M}?: "${M}"\n  a: [string | ${M}]\n}\n`;
    expect(markOptionalElements(code)).toBe(`/** ${M} */\nexport interface T {\n  ${M}?: "${M}"\n  a: [string?]\n}\n`);
    const plain = `/** ${M} */\nexport type T = "${M}"\n`;
    expect(markOptionalElements(plain)).toBe(plain);
  });

  it("lets a stack overflow through, for the generator to report as nesting too deep", () => {
    let nested = "string";
    for (let i = 0; i < 20_000; i++) nested = `[${nested} | ${M}]`;
    expect(() => markOptionalElements(`export type T = ${nested}\n`)).toThrow(RangeError);
  });

  it("is linear in the number of optional elements", () => {
    expectLinear(
      {
        input: (n) => `export type T = [${Array.from({ length: n }, () => `string | ${M}`).join(", ")}]\n`,
        run: (code) => markOptionalElements(code),
      },
      2000,
      "the tuple rewrite",
    );
  });
});
