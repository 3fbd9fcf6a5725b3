import type { Ajv as AjvInstance } from "ajv";
import {
  canonicalJson,
  compilePattern,
  compileRe2Syntax,
  type BacktrackingOptions,
  type PatternMatcher,
} from "@mcp-specgen/runtime/generator-support";
import type { JsonSchema } from "../ir/types.js";
import { createAjv, schemaDialect, validationView, type Dialect, type ValidateFunction } from "./ajv.js";
import { translateOnce, type PatternMemo } from "./patterns.js";

/**
 * Compiles tool schemas for checking usage examples, for one run: their patterns on the
 * linear-time engine (or, with the input's `backtracking` opt-in, those it cannot run on
 * JavaScript's RegExp under the cap), each compiled once in the run from its translation in
 * the run's {@link PatternMemo}. Schemas are kept by content (never by identity), so
 * identical schemas across thousands of tools compile once. For schemas already checked
 * against their meta-schema (`metaSchemaErrors`): compiling does not check them again.
 */
export class ExampleValidators {
  /** Ajv instances by dialect and opt-in: each pattern engine is bound to one opt-in. */
  readonly #instances = new Map<string, AjvInstance>();
  readonly #compiled = new Map<string, ValidateFunction | Error>();
  /** Compiled patterns by opt-in and pattern: ajv asks again for each schema holding one. */
  readonly #matchers = new Map<string, PatternMatcher>();

  constructor(private readonly patterns: PatternMemo) {}

  /** The validator of a schema (an Error when it cannot be compiled). */
  compile(schema: JsonSchema, backtracking?: BacktrackingOptions): ValidateFunction | Error {
    const optIn = backtracking ? String(backtracking.maxLength) : "";
    const key = `${optIn}\0${canonicalJson(schema)}`;
    let validate = this.#compiled.get(key);
    if (validate === undefined) {
      try {
        validate = this.#ajv(schemaDialect(schema).dialect, optIn, backtracking).compile(validationView(schema));
      } catch (e) {
        validate = e as Error;
      }
      this.#compiled.set(key, validate);
    }
    return validate;
  }

  #ajv(dialect: Dialect, optIn: string, backtracking?: BacktrackingOptions): AjvInstance {
    const key = `${dialect}\0${optIn}`;
    let ajv = this.#instances.get(key);
    if (ajv === undefined) {
      // The checks compile examples only for schemas that passed their meta-schema.
      ajv = createAjv(dialect, (pattern) => this.#matcher(pattern, optIn, backtracking), true);
      this.#instances.set(key, ajv);
    }
    return ajv;
  }

  #matcher(pattern: string, optIn: string, backtracking?: BacktrackingOptions): PatternMatcher {
    const key = `${optIn}\0${pattern}`;
    let matcher = this.#matchers.get(key);
    if (matcher === undefined) {
      // Throws for a pattern that cannot run: ajv then fails to compile the schema.
      matcher = compilePattern(pattern, backtracking, compileRe2Syntax(translateOnce(this.patterns, pattern)));
      this.#matchers.set(key, matcher);
    }
    return matcher;
  }
}
