import { isRuleCode, type RuleCode } from "../contract-rules/rules.js";
import type { Impact } from "../contract-rules/types.js";

/** The `diff` section of the config: how `diff`, `generate` and `check` judge changes of the tools' contracts. */
export interface DiffUserOptions {
  /**
   * The impact of a rule, by code, instead of the catalogue's (`"major"`, `"minor"`,
   * `"patch"`), or `"off"` to leave the rule out. See docs/diff.md for the rules.
   * @example { DESCRIPTION_CHANGED: "minor", INPUT_DEFAULT_CHANGED: "major" }
   */
  rules?: Record<string, Impact | "off">;
  /**
   * Accept breaking changes without a major version bump in `generate` and `check` (as
   * `--allow-breaking` does). Default: false.
   */
  allowBreaking?: boolean;
}

/** The `diff` section with defaults applied. */
export interface DiffResolvedOptions {
  rules: Partial<Record<RuleCode, Impact | "off">>;
  allowBreaking: boolean;
}

/** Checks and completes the config's `diff` section; a problem is a sentence for the usage error. */
export function resolveDiffOptions(
  user: DiffUserOptions | undefined,
): { options: DiffResolvedOptions } | { problem: string } {
  if (user === undefined) return { options: { rules: {}, allowBreaking: false } };
  if (typeof user !== "object" || user === null || Array.isArray(user)) return { problem: "diff must be an object" };
  const unknown = Object.keys(user).filter((k) => k !== "rules" && k !== "allowBreaking");
  if (unknown.length)
    return { problem: `diff has no option ${unknown.map((k) => `"${k}"`).join(", ")} (known: rules, allowBreaking)` };
  if (user.allowBreaking !== undefined && typeof user.allowBreaking !== "boolean")
    return { problem: "diff.allowBreaking must be true or false" };
  const given: unknown = user.rules;
  if (given !== undefined && (typeof given !== "object" || given === null || Array.isArray(given)))
    return {
      problem: `diff.rules must be an object from rule code to impact, e.g. { "INPUT_DEFAULT_CHANGED": "major" }, not ${JSON.stringify(given)}`,
    };
  const rules: Partial<Record<RuleCode, Impact | "off">> = {};
  for (const [code, impact] of Object.entries(user.rules ?? {})) {
    if (!isRuleCode(code)) return { problem: `diff.rules: unknown rule "${code}" (see docs/diff.md for the rules)` };
    if (!["major", "minor", "patch", "off"].includes(impact as string))
      return {
        problem: `diff.rules.${code} must be "major", "minor", "patch" or "off", not ${JSON.stringify(impact)}`,
      };
    rules[code] = impact;
  }
  return { options: { rules, allowBreaking: user.allowBreaking ?? false } };
}
