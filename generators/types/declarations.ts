import { createRequire } from "node:module";
import type { parse as babelParse, ParseResult } from "@babel/parser";
import type { File, Node } from "@babel/types";
import { GenerationError } from "../../src/generator-kit/contract.js";
import type { SourceLocation } from "../../src/ir/types.js";

/** A constant: resolves modules from this file. */
const requireHere = createRequire(import.meta.url);

/**
 * Babel's parser, loaded on first use (a run that writes no types never loads it). Babel
 * rather than TypeScript's compiler API: a validating parser of the same syntax that loads
 * in a fraction of the time (TypeScript's module is a single file of several megabytes). The
 * tests hold the check to TypeScript's verdict on every generated module and on hostile
 * variants of them; where the two differ, the check refuses.
 */
function parser(): typeof babelParse {
  return (requireHere("@babel/parser") as { parse: typeof babelParse }).parse;
}

/**
 * Parses generated TypeScript as a module: TypeScript syntax only (no JSX), no error
 * recovery (any syntax error throws), comments kept out of the tree.
 */
export function parseTypeModule(code: string): ParseResult<File> {
  return parser()(code, {
    sourceType: "module",
    plugins: ["typescript"],
    attachComment: false,
    errorRecovery: false,
    allowReturnOutsideFunction: false,
    allowAwaitOutsideFunction: false,
    allowImportExportEverywhere: false,
    allowUndeclaredExports: false,
  });
}

/**
 * The last line of defence for "spec text never becomes code": a generated types module
 * must consist of exported interfaces and type aliases only — no directive, no statement,
 * no other declaration, no syntax error — and hold nothing outside comments and string
 * literals but printable ASCII and whitespace. Returns the declared names, in order.
 */
export function assertOnlyTypeDeclarations(code: string, loc: SourceLocation): string[] {
  let names: string[] | undefined;
  try {
    names = declaredTypeNames(code);
  } catch (e) {
    if (!isStackOverflow(e)) throw e;
    throw new GenerationError(
      "the generated types are nested too deeply to be checked before they are written",
      loc,
      "nest the schema less deeply (or lower limits.maxDepth); nothing was written",
    );
  }
  if (names === undefined) {
    throw new GenerationError(
      "refusing to write generated types that contain something other than type declarations (a spec is trying to inject code, or a generator bug)",
      loc,
      "remove unusual keywords or names from the schema; nothing was written",
    );
  }
  return names;
}

/** The names a module of exported interfaces and type aliases declares, or undefined if it is anything else. */
function declaredTypeNames(code: string): string[] | undefined {
  let file: File;
  try {
    file = parseTypeModule(code);
  } catch (e) {
    if (isStackOverflow(e)) throw e;
    return undefined;
  }
  const program = file.program;
  if (program.directives.length > 0 || program.interpreter) return undefined;
  const names: string[] = [];
  for (const statement of program.body) {
    if (statement.type !== "ExportNamedDeclaration" || statement.source || statement.specifiers.length > 0)
      return undefined;
    const declaration = statement.declaration;
    if (
      !declaration ||
      (declaration.type !== "TSInterfaceDeclaration" && declaration.type !== "TSTypeAliasDeclaration") ||
      declaration.declare
    )
      return undefined;
    names.push(declaration.id.name);
  }
  return onlyAsciiOutsideLiterals(code, file) ? names : undefined;
}

/** Whether `e` is the error a recursion deeper than the stack holds throws. */
export function isStackOverflow(e: unknown): boolean {
  return e instanceof RangeError && /call stack/i.test(e.message);
}

/** A character outside printable ASCII and the whitespace generated code uses, or a backslash. */
const NOT_PLAIN_ASCII = /[^\t\n\r\x20-\x5b\x5d-\x7e]/;

/**
 * Whether every character outside comments and string literals is printable ASCII or
 * whitespace, without a backslash. Generated code writes names in ASCII (spec text reaches
 * it only in comments and string literals); Babel's and TypeScript's Unicode tables differ,
 * so a character one reads as part of a name the other may read as an error and go on
 * after it, and a `\u` escape in a name is read differently too.
 */
function onlyAsciiOutsideLiterals(code: string, file: File): boolean {
  if (!NOT_PLAIN_ASCII.test(code)) return true;
  const suspicious = [...code.matchAll(new RegExp(NOT_PLAIN_ASCII.source, "g"))].map((m) => m.index);
  const inComments = new Set(within(suspicious, file.comments ?? []));
  if (inComments.size === suspicious.length) return true;
  // Rarely reached (spec text outside comments sits in string literal types): the literals' extents.
  const literals: Array<{ start?: number | null; end?: number | null }> = [];
  const visit = (node: Node): void => {
    if (node.type === "StringLiteral" || node.type === "TemplateElement") literals.push(node);
    forEachChild(node, visit);
  };
  visit(file.program);
  literals.sort((a, b) => a.start! - b.start!);
  const rest = suspicious.filter((i) => !inComments.has(i));
  return within(rest, literals).length === rest.length;
}

/** The positions (ascending) that lie within one of the extents (ascending, not overlapping). */
function within(positions: number[], extents: ReadonlyArray<{ start?: number | null; end?: number | null }>): number[] {
  const inside: number[] = [];
  let e = 0;
  for (const at of positions) {
    while (e < extents.length && extents[e]!.end! <= at) e++;
    if (e < extents.length && extents[e]!.start! <= at) inside.push(at);
  }
  return inside;
}

/** Calls `visit` on each node directly below `node` (Babel's trees are plain objects). */
export function forEachChild(node: Node, visit: (child: Node) => void): void {
  for (const key of Object.keys(node)) {
    if (key === "loc" || key === "extra") continue;
    const value = (node as unknown as Record<string, unknown>)[key];
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) visit(item);
    } else if (isNode(value)) visit(value);
  }
}

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";
