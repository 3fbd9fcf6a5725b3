import { createRequire } from "node:module";
import type { parse as babelParse, ParseResult } from "@babel/parser";
import type { File } from "@babel/types";
import { GenerationError } from "../../src/generator-kit/contract.js";
import type { SourceLocation } from "../../src/ir/types.js";

/** A constant: resolves modules from this file. */
const requireHere = createRequire(import.meta.url);

/** The parser of generated type modules. */
export const TYPE_PARSER_MODULE = "@babel/parser";

/**
 * Babel's parser, loaded on first use (a run that writes no types never loads it). Babel
 * rather than TypeScript's compiler API: it parses the same TypeScript syntax, reports the
 * same syntax errors as errors, and loads in a fraction of the time (TypeScript's module is
 * a single file of several megabytes); the tests hold the two to the same verdict on every
 * generated module and on hostile variants of them.
 */
function parser(): typeof babelParse {
  return (requireHere(TYPE_PARSER_MODULE) as { parse: typeof babelParse }).parse;
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
 * no other declaration, no syntax error. Returns the declared names, in order.
 */
export function assertOnlyTypeDeclarations(code: string, loc: SourceLocation): string[] {
  const names = declaredTypeNames(code);
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
  let program: File["program"];
  try {
    program = parseTypeModule(code).program;
  } catch {
    return undefined;
  }
  if (program.directives.length > 0) return undefined;
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
  return names;
}
