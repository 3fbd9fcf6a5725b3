import { describe, expect, it } from "vitest";
import { createRequire } from "node:module";
import { TYPESCRIPT_MODULE, typeScript } from "../../generators/types/typescript.js";
import { markOptionalElements, OPTIONAL_ELEMENT } from "../../generators/types/tuples.js";

// The types generator requires @ts-morph/common's copy of TypeScript by its file, not the
// package's index (which loads ts-morph's own code too). The file is not a public entry
// point of the package: a new version may move it, and this fails then.

describe("TypeScript for the types generator", () => {
  it("is the file @ts-morph/common's index loads, with the parser the generator uses", () => {
    const require = createRequire(import.meta.url);
    const ts = typeScript();
    expect(require.resolve(TYPESCRIPT_MODULE)).toMatch(/@ts-morph[\\/]common[\\/]dist[\\/]typescript\.js$/);
    expect(typeof ts.createSourceFile).toBe("function");
    expect(ts.createSourceFile).toBe((require("@ts-morph/common") as { ts: typeof ts }).ts.createSourceFile);
  });

  it("is asked for by the tuple rewrite only when the code holds an optional element", () => {
    let asked = 0;
    const counting = () => (asked++, typeScript());
    const plain = "export type A = [string, number]\n";
    expect(markOptionalElements(plain, counting)).toBe(plain);
    expect(asked).toBe(0);
    expect(markOptionalElements(`export type B = [string, (number | ${OPTIONAL_ELEMENT})]\n`, counting)).toBe(
      "export type B = [string, number?]\n",
    );
    expect(asked).toBe(1);
  });
});
