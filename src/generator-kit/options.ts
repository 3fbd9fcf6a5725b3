// How a generator declares its options: their defaults, their documentation and their
// checks, in a module of its own (generators/<name>/options.ts) with no generator code, so
// that reading a config never loads a generator. Nothing here imports anything at run time.

/** One option of a generator: its default, what it does, and which values it accepts. */
export interface OptionSpec<T> {
  /** The value when the config leaves the option out. */
  default: T;
  /** What the option does, in a line or two: the comment above it in the config `init` writes. */
  doc: string;
  /** Why a configured value is not accepted (`"must be true or false"`), or undefined when it is. */
  check(value: unknown): string | undefined;
}

/**
 * A generator's options as a config sees them: the generator's name (also the config key of
 * its options) and each option. `Options` is the options type a config writes (every option
 * optional, documented with its default).
 */
export interface GeneratorOptionsDefinition<Name extends string = string, Options extends object = object> {
  name: Name;
  /** Every option, with its default, documentation and check. */
  options: { readonly [K in keyof Options]-?: OptionSpec<Exclude<Options[K], undefined>> };
}

/** The options a config writes for a definition (each optional). */
export type UserOptionsOf<D> = D extends GeneratorOptionsDefinition<string, infer O> ? O : never;

/** The options a generator is given: every option set, to the config's value or its default. */
export type ResolvedOptionsOf<D> =
  D extends GeneratorOptionsDefinition<string, infer O> ? { [K in keyof O]-?: Exclude<O[K], undefined> } : never;

/**
 * Declares a generator's options; an identity function that checks the declaration against
 * the options type: every option of `Options` needs a spec of its type, and nothing else may
 * have one (`defineGeneratorOptions<OpenAIOptions>({ name: "openai", … })`).
 */
export function defineGeneratorOptions<Options extends object = Record<never, never>>(
  definition: GeneratorOptionsDefinition<string, Options>,
): GeneratorOptionsDefinition<string, Options> {
  return definition;
}

/** A true/false option. */
export function booleanOption(defaultValue: boolean, doc: string): OptionSpec<boolean> {
  return {
    default: defaultValue,
    doc,
    check: (value) => (typeof value === "boolean" ? undefined : "must be true or false"),
  };
}

/** An integer option from `min` to `max`. */
export function integerOption(defaultValue: number, min: number, max: number, doc: string): OptionSpec<number> {
  return {
    default: defaultValue,
    doc,
    check: (value) =>
      typeof value === "number" && Number.isInteger(value) && value >= min && value <= max
        ? undefined
        : `must be an integer from ${min} to ${max}`,
  };
}

/** The names of a definition's options, in declaration order. */
export function optionNames(definition: GeneratorOptionsDefinition): string[] {
  return Object.keys(definition.options);
}

/**
 * Checks what a config sets under a generator's key and applies the defaults: the resolved
 * options, or the problem (`openai.nameMaxLength must be an integer from 16 to 64`), naming
 * the option as the config writes it. Options left out, or set to `undefined`, take their
 * default; an option the generator does not declare is a problem, so a misspelt one is not
 * silently ignored.
 */
export function resolveGeneratorOptions<D extends GeneratorOptionsDefinition>(
  definition: D,
  user: unknown,
): { options: ResolvedOptionsOf<D> } | { problem: string } {
  const names = optionNames(definition);
  const specs = definition.options as Readonly<Record<string, OptionSpec<unknown>>>;
  const key = definition.name;
  if (user !== undefined && (user === null || typeof user !== "object" || Array.isArray(user)))
    return { problem: `${key} must be an object of options (${describeOptions(names)})` };
  const given = (user ?? {}) as Record<string, unknown>;
  for (const option of Object.keys(given)) {
    if (given[option] === undefined) continue;
    if (!Object.hasOwn(specs, option))
      return {
        problem: `${key}.${option} is not an option of the "${key}" generator (${describeOptions(names)})`,
      };
  }
  const resolved: Record<string, unknown> = {};
  for (const option of names) {
    const spec = specs[option]!;
    const value = given[option];
    if (value === undefined) {
      resolved[option] = spec.default;
      continue;
    }
    const problem = spec.check(value);
    if (problem) return { problem: `${key}.${option} ${problem}` };
    resolved[option] = value;
  }
  return { options: resolved as ResolvedOptionsOf<D> };
}

function describeOptions(names: readonly string[]): string {
  return names.length ? `its options: ${names.join(", ")}` : "it has no options";
}
