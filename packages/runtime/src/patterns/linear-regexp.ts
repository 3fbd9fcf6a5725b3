import { translatePattern, type PatternRefusal, type PatternTranslation } from "./translate.js";

/** A compiled pattern as validators use it (ajv's `code.regExp` contract): `test` searches the string. */
export interface PatternMatcher {
  test(input: string): boolean;
  /** Names the pattern: ajv shares one compiled pattern among those with the same name. */
  toString(): string;
}

/**
 * The opt-in for patterns the linear-time engine cannot run (backreferences, lookahead,
 * lookbehind…): they run on JavaScript's backtracking RegExp, but only on strings of at
 * most `maxLength` UTF-16 code units — a longer string fails the pattern without it running,
 * which bounds the time one string can take to the pattern's worst case at that length.
 */
export interface BacktrackingOptions {
  /** The longest string such a pattern is run on, in UTF-16 code units (JavaScript's `length`). */
  maxLength: number;
}

/** A pattern that cannot be compiled: not valid JavaScript, or not runnable in linear time without the opt-in. */
export class PatternCompileError extends Error {
  override name = "PatternCompileError";
  constructor(
    /** The pattern as the schema gives it. */
    readonly pattern: string,
    /** Why it cannot run, and what to write instead. */
    readonly refusal: PatternRefusal,
  ) {
    super(`pattern ${JSON.stringify(pattern)} ${refusal.reason} (${refusal.help})`);
  }
}

/**
 * Compiles a JSON Schema pattern (ECMAScript, Unicode mode) for matching in time linear in
 * the string's length: translated to RE2 syntax and run by re2js (see `translatePattern`).
 * A pattern the translation refuses throws {@link PatternCompileError} — unless `backtracking`
 * is given and the pattern is valid JavaScript: it then runs on JavaScript's RegExp under
 * that length cap. `translated` is the pattern's translation when the caller already has it
 * (a pattern is compiled by its translation: no need to compile it twice).
 */
export function compilePattern(
  pattern: string,
  backtracking?: BacktrackingOptions,
  translated: PatternTranslation = translatePattern(pattern),
): PatternMatcher {
  if (translated.ok) return translated.regexp;
  if (translated.invalid || backtracking === undefined) throw new PatternCompileError(pattern, translated);
  return cappedRegExp(new RegExp(pattern, "u"), backtracking.maxLength);
}

function cappedRegExp(regexp: RegExp, maxLength: number): PatternMatcher {
  return {
    test: (input) => input.length <= maxLength && regexp.test(input),
    toString: () => `capped(${JSON.stringify(regexp.source)}, ${maxLength})`,
  };
}

/**
 * A pattern compiled on first use (generated validators create one per pattern when their
 * module loads; most are never run, or run much later). `toString` names it for ajv, which
 * shares one compiled object among equal patterns of a validator.
 */
class LazyPattern implements PatternMatcher {
  #compiled: PatternMatcher | undefined;

  constructor(
    readonly pattern: string,
    readonly backtracking: BacktrackingOptions | undefined,
  ) {}

  test(input: string): boolean {
    this.#compiled ??= compilePattern(this.pattern, this.backtracking);
    return this.#compiled.test(input);
  }

  toString(): string {
    const cap = this.backtracking ? `, ${this.backtracking.maxLength}` : "";
    return `linear(${JSON.stringify(this.pattern)}${cap})`;
  }
}

function checkFlags(flags: string | undefined): void {
  if (flags !== undefined && flags !== "u")
    throw new TypeError(`patterns are compiled in Unicode mode (flag "u") only, got flags ${JSON.stringify(flags)}`);
}

/**
 * The pattern engine of generated validators (ajv's `code.regExp`): `linearRegExp(pattern, "u")`
 * matches like `new RegExp(pattern, "u")` in time linear in the string's length, compiled on
 * first use. A pattern the linear-time engine cannot run throws {@link PatternCompileError}
 * when first used (`generate` refuses such patterns, so generated validators never hold one).
 */
export function linearRegExp(pattern: string, flags?: string): PatternMatcher {
  checkFlags(flags);
  return new LazyPattern(pattern, undefined);
}

/**
 * The pattern engine of generated validators for specs that opt in to backtracking patterns:
 * like {@link linearRegExp}, but a pattern the linear-time engine cannot run uses
 * JavaScript's RegExp on strings of at most `maxLength` UTF-16 code units (longer ones fail
 * the pattern without it running).
 */
export function linearOrCappedRegExp(maxLength: number): (pattern: string, flags?: string) => PatternMatcher {
  if (!Number.isSafeInteger(maxLength) || maxLength < 0)
    throw new TypeError(`maxLength must be a non-negative integer, got ${String(maxLength)}`);
  const backtracking = { maxLength };
  return (pattern, flags) => {
    checkFlags(flags);
    return new LazyPattern(pattern, backtracking);
  };
}
