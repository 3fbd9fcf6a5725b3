import { describe, expect, it } from "vitest";
import { assertOnlyTypeDeclarations } from "../../generators/types/declarations.js";
import { GenerationError } from "../../src/generator-kit/contract.js";

// The types generator's last check: a generated types module is exported interfaces and
// type aliases only, read by TypeScript's parser (JSDoc comments are not parsed into nodes,
// which must not change what counts as a comment and what as code).

const LOC = { file: "specs/tools.json", line: 3, column: 5 };

const refused = (code: string) => {
  try {
    assertOnlyTypeDeclarations(code, LOC);
  } catch (e) {
    expect(e).toBeInstanceOf(GenerationError);
    expect((e as GenerationError).message).toMatch(/other than type declarations/);
    return true;
  }
  return false;
};

describe("assertOnlyTypeDeclarations", () => {
  it("returns the declared names of a module of exported types, JSDoc of any shape included", () => {
    const code = [
      "/* banner */",
      "/**",
      " * A doc with tags that do not parse as JSDoc: @param {{{ @returns } @type",
      " * @example",
      ' * { "a": "*\\/ export const x = 1" }',
      " */",
      "export interface A {",
      "  /** `b` — @deprecated {@link nowhere */",
      "  b?: string",
      "  [k: string]: unknown",
      "}",
      'export type B = ("x" | "y")[]',
      "",
    ].join("\n");
    expect(assertOnlyTypeDeclarations(code, LOC)).toEqual(["A", "B"]);
  });

  it("refuses code beside the declarations, however it is reached", () => {
    expect(refused("export interface A {}\nexport const x = 1\n")).toBe(true);
    // A comment closed early: what follows is code.
    expect(refused("/** a */ export const x = 1 /* */\nexport interface A {}\n")).toBe(true);
    expect(refused("/**\n * text */ console.log(1) /*\n */\nexport type A = string\n")).toBe(true);
    // A type alias ends at the line break; the call after it is a statement.
    expect(refused("export type A = B\n(globalThis.process.exit())\n")).toBe(true);
    expect(refused("export type A = string; evil()\n")).toBe(true);
    // Declarations that are not exported types, and broken syntax.
    expect(refused("interface A {}\n")).toBe(true);
    expect(refused("export declare const x: number\n")).toBe(true);
    expect(refused("export interface A {\n")).toBe(true);
    expect(refused("/** never closed\nexport interface A {}\n")).toBe(true);
    expect(refused('export type A = "unterminated\n')).toBe(true);
  });

  it("refuses nothing that only looks like code inside comments and string literal types", () => {
    expect(
      assertOnlyTypeDeclarations(
        "/** export const x = 1; console.log(2) */\nexport type A = \"'; process.exit(); '\" | `a${string}`\n// export function f() {}\n",
        LOC,
      ),
    ).toEqual(["A"]);
  });

  it("takes any character in comments and string literals, and only ASCII elsewhere", () => {
    expect(
      assertOnlyTypeDeclarations(
        '/** é — \u2028 \\u088F \u088F */\nexport interface A {\n  "é\u088F": "ü\\"\\u088F"\n  b: `x\u088F${string}`\n}\n',
        LOC,
      ),
    ).toEqual(["A"]);
    // Babel reads U+088F as part of a name, TypeScript as an invalid character after which
    // it goes on: `[typeof import(…)]` would become a statement in what tsc emits.
    expect(refused('export type A = B\u088F[typeof import("data:text/javascript,x")]\nexport interface B {}\n')).toBe(
      true,
    );
    // ...also right after a comment or a string, where the check's extents end.
    expect(refused('export type A = /**/\u088F[typeof import("x")]\nexport interface /**/\u088F {}\n')).toBe(true);
    expect(refused('export type A = "x"\u088F[typeof import("x")]\n')).toBe(true);
    expect(refused("export type A = string // x\n\u088F\n")).toBe(true);
    // An escape in a name: Babel decodes it, TypeScript reads a backslash.
    expect(refused("export type A = B\\u088F\nexport interface B\\u088F {}\n")).toBe(true);
    expect(refused("export type \\u{88F}A = 1\n")).toBe(true);
    expect(refused("export type Aé = string\n")).toBe(true);
    expect(refused("export type A = string\u00a0| number\n")).toBe(true);
    // A hashbang is a comment to both parsers, and nothing a generator writes.
    expect(refused("#!/usr/bin/env node\nexport type A = string\n")).toBe(true);
  });

  it("says so when the types are nested too deeply to be checked", () => {
    const deep = `export type A = ${"[".repeat(20_000)}string${"]".repeat(20_000)}\n`;
    expect(() => assertOnlyTypeDeclarations(deep, LOC)).toThrow(/nested too deeply to be checked/);
  });
});
