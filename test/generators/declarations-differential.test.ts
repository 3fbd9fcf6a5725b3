import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { resolveConfig } from "../../src/config/load.js";
import { runPipeline } from "../../src/build/pipeline.js";
import { fileText, GenerationError } from "../../src/generator-kit/contract.js";
import { formatDiagnostic } from "../../src/diagnostics/format.js";
import { assertOnlyTypeDeclarations, parseTypeModule } from "../../generators/types/declarations.js";
import { REPO, tempProject, type TempProject } from "../helpers/project.js";
import { CODOMYRMEX, hasCorpus } from "../helpers/corpus.js";
import { tsDeclaredTypeNames } from "../helpers/typescript-reference.js";
import { CANARY_PAYLOADS } from "../security/canaries.js";

// The types generator's last check ("a types module is exported interfaces and type aliases
// only") reads generated code with Babel's parser; TypeScript's own parser is the reference.
// Every module the generator writes — from the bundled specs, the examples, the real-world
// corpus and random hostile specs — must pass the check (no false refusal) and get the same
// verdict and the same names from TypeScript. On code no generator writes (real modules
// with hostile text inserted anywhere), the check may refuse what TypeScript would accept
// (a refusal loses nothing and says so), but must never accept what TypeScript reads as
// anything but those declarations.

/** Text a spec author controls, biased towards what would break out of a comment, string or name. */
const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...CANARY_PAYLOADS, "*/", "/*", "`", "${x}", "\\", "\u2028", "@type {x}") },
  { weight: 2, arbitrary: fc.string({ maxLength: 16 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary-ascii", maxLength: 8 }) },
  { weight: 1, arbitrary: fc.constantFrom("__proto__", "constructor", "hasOwnProperty", "type", "", "a b", "0") },
  // Names and text beyond ASCII: letters either parser may read as part of a name.
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 8 }) },
  { weight: 1, arbitrary: fc.constantFrom("é", "a\u088F", "\u088Fa", "x\\u0041", "\u00a0", "\u200b", "ǅ") },
);

/** A JSON pointer fragment to `$defs/<name>`. */
const defRef = (name: string) => `#/$defs/${encodeURIComponent(name.replace(/~/g, "~0").replace(/\//g, "~1"))}`;

/**
 * Well-formed schemas (so that the spec reaches the types generator) with hostile text
 * wherever a schema can hold text: names, descriptions, titles, enums, consts, examples,
 * definitions and references to them, and json-schema-to-typescript's own `tsType`.
 */
const hostileSchema = fc.letrec<{ schema: Record<string, unknown> | boolean }>((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.record(
      {
        type: fc.constantFrom("string", "number", "integer", "boolean", "null"),
        description: hostileText,
        title: hostileText,
        examples: fc.array(hostileText, { maxLength: 2 }),
        deprecated: fc.boolean(),
      },
      { requiredKeys: ["type"] },
    ),
    fc.record({ enum: fc.uniqueArray(hostileText, { minLength: 1, maxLength: 3 }) }, { requiredKeys: ["enum"] }),
    fc.record({ const: hostileText, description: hostileText }, { requiredKeys: ["const"] }),
    fc.record({ tsType: hostileText }),
    fc
      .record(
        {
          properties: fc.dictionary(hostileText, tie("schema"), { maxKeys: 3 }),
          additionalProperties: fc.oneof(fc.boolean(), tie("schema")),
          description: hostileText,
          title: hostileText,
        },
        { requiredKeys: ["properties"] },
      )
      .map((o) => ({ type: "object", ...o, required: Object.keys(o.properties as object).slice(0, 1) })),
    fc.record(
      { type: fc.constant("array"), items: tie("schema"), description: hostileText },
      { requiredKeys: ["type", "items"] },
    ),
    fc
      .tuple(fc.array(tie("schema"), { minLength: 1, maxLength: 3 }), fc.nat(3), fc.boolean())
      .map(([prefixItems, minItems, closed]) => ({
        type: "array",
        prefixItems,
        minItems,
        ...(closed ? { items: false } : {}),
      })),
    fc.record({ anyOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }) }),
    fc.record({ allOf: fc.array(tie("schema"), { minLength: 1, maxLength: 2 }) }),
    fc.constantFrom({}, true),
  ),
})).schema;

/** A tool list of one to three tools whose schemas carry hostile text, `$defs` included. */
const hostileToolList = fc
  .array(
    fc.record({
      description: hostileText,
      title: hostileText,
      defs: fc.dictionary(hostileText, hostileSchema, { minKeys: 1, maxKeys: 2 }),
      properties: fc.dictionary(hostileText, hostileSchema, { maxKeys: 3 }),
      output: fc.option(hostileSchema, { nil: undefined }),
    }),
    { minLength: 1, maxLength: 3 },
  )
  .map((tools) =>
    JSON.stringify({
      tools: tools.map((t, i) => ({
        name: `m${i % 2}.tool_${i}`,
        description: t.description,
        title: t.title,
        inputSchema: {
          type: "object",
          $defs: t.defs,
          properties: { ...t.properties, ref: { $ref: defRef(Object.keys(t.defs)[0]!) } },
        },
        ...(t.output === undefined ? {} : { outputSchema: { type: "object", properties: { out: t.output } } }),
      })),
    }),
  );

/** The check's verdict: the declared names, or undefined when it refuses the code. */
function checkNames(code: string): string[] | undefined {
  try {
    return assertOnlyTypeDeclarations(code, { file: "types.ts", line: 1, column: 1 });
  } catch (e) {
    if (!(e instanceof GenerationError)) throw e;
    return undefined;
  }
}

/** Modules the check saw whose verdict differs from TypeScript's, with both verdicts. */
function disagreements(codes: readonly string[]) {
  return codes.flatMap((code) => {
    const ours = checkNames(code);
    const reference = tsDeclaredTypeNames(code);
    return JSON.stringify(ours) === JSON.stringify(reference) ? [] : [{ code, ours, reference }];
  });
}

/**
 * Runs the types generator alone over `inputs` below `dir`; returns the types modules it
 * wrote. Fails when it could not write one (the check's refusal included): every schema
 * of these inputs that passes the spec checks must get its types.
 */
async function typesModulesOf(dir: string, inputs: string[]): Promise<string[]> {
  const r = await runPipeline(resolveConfig(dir, { inputs, generators: ["types"] }), { workers: 0 });
  const failures = r.diagnostics.filter((d) => d.code === "GENERATION_FAILED" || d.code === "SPEC_INTERNAL");
  expect(failures.map((d) => formatDiagnostic(d))).toEqual([]);
  return r.files.filter((f) => /^types\/(?!index\.ts$).*\.ts$/.test(f.path)).map((f) => fileText(f));
}

let project: TempProject;
beforeAll(() => {
  project = tempProject();
});
afterAll(() => project.dispose());

describe("the type-declarations check against TypeScript's parser", () => {
  it("refuses no types module generated from the bundled specs and the examples, and agrees on each", async () => {
    const modules = await typesModulesOf(REPO, ["specs"]);
    const examples = readdirSync(path.join(REPO, "examples"), { withFileTypes: true }).filter(
      (e) => e.isDirectory() && readdirSync(path.join(REPO, "examples", e.name)).includes("specs"),
    );
    for (const e of examples) modules.push(...(await typesModulesOf(path.join(REPO, "examples", e.name), ["specs"])));
    expect(modules.length).toBeGreaterThan(5);
    expect(disagreements(modules)).toEqual([]);
  }, 120_000);

  it.skipIf(!hasCorpus("test/generators/declarations-differential.test.ts"))(
    "refuses no types module generated from the real-world corpus, and agrees on each",
    async () => {
      const modules = await typesModulesOf(path.dirname(CODOMYRMEX), [path.basename(CODOMYRMEX)]);
      expect(modules.length).toBeGreaterThan(20);
      expect(disagreements(modules)).toEqual([]);
    },
    120_000,
  );

  it("refuses no module generated from random hostile specs, and agrees on each (fixed seed)", async () => {
    let n = 0;
    const seen: string[] = [];
    await fc.assert(
      fc.asyncProperty(hostileToolList, async (spec) => {
        const dir = path.join(project.dir, `case-${n++}`);
        mkdirSync(path.join(dir, "specs"), { recursive: true });
        writeFileSync(path.join(dir, "specs/tools.json"), spec);
        const modules = await typesModulesOf(dir, ["specs"]);
        seen.push(...modules);
        expect(disagreements(modules)).toEqual([]);
      }),
      { seed: 20261128, numRuns: 150, endOnFailure: true },
    );
    // The specs reach the check (most are valid enough to generate types).
    expect(seen.length).toBeGreaterThan(100);
    // ...with the hostile text in them, in comments and string literal types.
    expect(seen.filter((m) => m.includes("__CANARY__")).length).toBeGreaterThan(20);
  }, 300_000);

  // Text a spec would have to smuggle into a module to make it run, end early or declare
  // something else: comment and string breakouts, statements, other declarations, ASI
  // traps, line terminators JavaScript has beyond \n, HTML-like comments, directives.
  const fragments = [
    ...CANARY_PAYLOADS,
    "*/",
    "/*",
    "/**",
    "//",
    "\n",
    "\r",
    "\u2028",
    "\u2029",
    "\u0085",
    "\uFEFF",
    ";",
    "}",
    "{",
    ")",
    "(",
    "]",
    "[",
    "<",
    ">",
    "`",
    '"',
    "'",
    "\\",
    "${",
    "#!",
    "\u088F",
    "\\u088F",
    "\\u{88F}",
    "é",
    "\u00a0",
    "\u200b",
    "<!--",
    "-->",
    "@",
    "=",
    "=>",
    "?",
    "|",
    "&",
    ",",
    "\nexport const x = 1\n",
    "\nexport default 1\n",
    "\nexport {}\n",
    '\nexport * from "fs"\n',
    '\nimport "fs"\n',
    "\nimport x = require('fs')\n",
    "\nexport = x\n",
    '\n"use strict"\n',
    "\nexport declare const x: number\n",
    "\nexport declare function f(): void\n",
    "\nexport declare namespace N {}\n",
    "\nexport namespace N {}\n",
    "\nexport enum E { A }\n",
    "\nexport const enum E { A }\n",
    "\nexport abstract class C {}\n",
    "\nexport declare global {}\n",
    "\ndeclare module 'x' {}\n",
    "\nexport interface I {}\n",
    "\nexport type T = string\n",
    "\ntype T = string\n",
    "\n@dec export interface I {}\n",
    "\nexport interface I { m(): void }\n",
    "\nexport type T = typeof import('fs')\n",
    "\nexport type F = (x = console.log(1)) => void\n",
    "\nexport type T = A\n(globalThis.x())\n",
    "\nexport type T = A\n[globalThis.x()]\n",
    "\nexport type T = A\n`x`\n",
    "\nexport type T = A\n/x/g.exec('')\n",
    "\nexport type T = A\n+1\n",
    "\nexport type T = A<B>\n(1)\n",
    "\nexport type T = A\n<B>(x)\n",
    "\nexport type T = { [k: string]: unknown } & (() => void)\n",
    "\nexport type T = `${string}`\n",
    "\nexport type T = unique symbol\n",
    "\nexport type T = asserts x\n",
    "\nexport type T = infer U\n",
    "\nexport type T = abstract new () => void\n",
    "\nexport type T<in out U> = U\n",
    "\nexport type T = accessor\n",
    "\nexport interface I { get a(): string }\n",
    "\nexport interface I { a: string = 1 }\n",
    "\nexport interface I { [k: string]: unknown; a?(): void; readonly b: string }\n",
    "\nexport type T = [a?: string, ...b: number[]]\n",
    "\nexport type T = [string?, number]\n",
    "\nexport type T = readonly string[]\n",
    "\nexport type T = A extends B ? C : D\n",
  ];

  /** Babel's syntax error in `code`, without its position. */
  const babelError = (code: string): string => {
    try {
      parseTypeModule(code);
    } catch (e) {
      return (e as Error).message.replace(/ \(\d+:\d+\)$/, "");
    }
    // Parsed, and refused by the check's own rules.
    if (code.startsWith("#!")) return "(a hashbang)";
    if (/[^\t\n\r\x20-\x7e]|\\/.test(code)) return "(beyond ASCII outside comments and strings)";
    return "(parses)";
  };

  /** What Babel refuses when parsing and TypeScript only when checking (never in generated code). */
  const STRICTER = [
    /^Identifier '\w+' has already been declared\.$/, // a duplicate type name
    /^Unexpected token, expected ";"$/, // an initializer on an interface member: `{ a: string = 1 }`
    /^Missing semicolon\.$/, // `asserts x` outside a function's return type
    /^This experimental syntax requires enabling .*"decorators"/, // a decorator on an interface
    /^Name in a signature must be an Identifier/, // a parameter default in a function type
    /^A required element cannot follow an optional element\.$/, // `[string?, number]`
    /^Unexpected character '[\u0085\u200b]'\.$/, // U+0085, U+200B outside comments and strings (whitespace only to TypeScript)
    /^\(a hashbang\)$/, // a comment to TypeScript, and nothing a generator writes
    // A name or whitespace beyond ASCII, or an escape, outside comments and strings: the two
    // parsers' Unicode tables differ, so the check takes none (generated names are ASCII).
    /^\(beyond ASCII outside comments and strings\)$/,
  ];

  /** Real generated types modules to insert fragments into. */
  const bases = readdirSync(path.join(REPO, "generated/types"))
    .filter((f) => f.endsWith(".ts") && f !== "index.ts")
    .map((f) => readFileSync(path.join(REPO, "generated/types", f), "utf8"))
    .filter((code) => code.length < 20_000);

  it("never accepts a module TypeScript reads as anything but exported type declarations (fixed seed)", () => {
    expect(bases.length).toBeGreaterThan(2);
    const stricter: string[] = [];
    let accepted = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...bases),
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(...fragments)), {
          minLength: 1,
          maxLength: 3,
        }),
        (base, inserts) => {
          let code = base;
          for (const [at, text] of inserts) {
            const i = Math.floor(at * code.length);
            code = code.slice(0, i) + text + code.slice(i);
          }
          const ours = checkNames(code);
          const reference = tsDeclaredTypeNames(code);
          if (ours !== undefined) {
            expect(reference, code).toEqual(ours);
            accepted++;
          } else if (reference !== undefined) stricter.push(code);
        },
      ),
      { seed: 20261128, numRuns: 3000 },
    );
    // Stricter verdicts exist only on code no generator writes (the tests above hold the
    // two equal on everything the generator does write).
    // Both verdicts are reached many times over.
    expect(accepted).toBeGreaterThan(100);
    expect(3000 - accepted - stricter.length).toBeGreaterThan(1000);
    // Where only the check refuses, it is for one of these reasons, each an error of
    // TypeScript's too — reported when it checks the program rather than when it parses.
    const reasons = new Set(stricter.map(babelError));
    expect([...reasons].filter((r) => !STRICTER.some((known) => known.test(r)))).toEqual([]);
  });

  it("never accepts a character beside a name that TypeScript reads otherwise (fixed seed)", () => {
    const base = bases[0]!;
    // Ends of names and keywords (where a letter would extend a name), of comments and of
    // string literals (where the check's extents end).
    const ends = [...base.matchAll(/[A-Za-z0-9_$](?![A-Za-z0-9_$])|\*\/|"/g)].map((m) => m.index + m[0].length);
    let accepted = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...ends),
        fc.oneof(
          fc
            .integer({ min: 0x80, max: 0x10ffff })
            .filter((c) => c < 0xd800 || c > 0xdfff)
            .map((c) => String.fromCodePoint(c)),
          fc.integer({ min: 0x80, max: 0xffff }).map((c) => `\\u${c.toString(16).padStart(4, "0")}`),
          fc.integer({ min: 0x80, max: 0x10ffff }).map((c) => `\\u{${c.toString(16)}}`),
        ),
        (at, text) => {
          const code = base.slice(0, at) + text + base.slice(at);
          const ours = checkNames(code);
          if (ours === undefined) return;
          accepted++;
          expect(tsDeclaredTypeNames(code), JSON.stringify(text)).toEqual(ours);
        },
      ),
      { seed: 20261128, numRuns: 3000 },
    );
    // Inside comments, insertions stay comment text; elsewhere they are refused.
    expect(accepted).toBeGreaterThan(100);
  });

  it.each([
    ["appended to", (base: string, f: string) => base + f],
    ["put before", (base: string, f: string) => f.trimStart() + base],
  ])("agrees with TypeScript on each fragment %s a module on its own", (_, join) => {
    const base = bases[0]!;
    const accepted = fragments.filter((f) => checkNames(join(base, f)) !== undefined);
    for (const f of fragments) {
      const ours = checkNames(join(base, f));
      if (ours !== undefined) expect(tsDeclaredTypeNames(join(base, f)), JSON.stringify(f)).toEqual(ours);
    }
    // Only what keeps the module exported type declarations is accepted: whitespace and
    // line breaks, comment openers (before the banner comment, they extend it), and
    // declarations of exported types.
    const rest = accepted.map((f) => f.trim()).filter((f) => !/^(?:\/\/|\/\*\*?)?$/.test(f));
    expect(rest.length).toBeGreaterThan(5);
    for (const f of rest) expect(f).toMatch(/^export (?:interface|type) [A-Z][^\n]*$/);
    // ...and each statement, value declaration and directive in the list is refused.
    const code =
      /^\n(?:export (?:const|default|declare|namespace|enum|abstract|=|\{|\*)|import|"use strict"|declare|type |@)/;
    const refusedFragments = fragments.filter((f) => code.test(f));
    expect(refusedFragments.length).toBeGreaterThan(15);
    for (const f of refusedFragments) expect(accepted, JSON.stringify(f)).not.toContain(f);
  });
});
