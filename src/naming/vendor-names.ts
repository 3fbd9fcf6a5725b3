/**
 * Reversible mapping from MCP invocation names (`[A-Za-z0-9._-]`, up to 128 chars)
 * to each vendor's function names:
 * - OpenAI and Anthropic: `^[a-zA-Z0-9_-]{1,64}$` ({@link OPENAI_NAME_RULES}, {@link ANTHROPIC_NAME_RULES});
 * - Gemini: a letter or `_` first, then letters, digits, `_`, `.`, `:`, `-`; at most 64
 *   characters on Vertex AI, 128 on the Gemini API ({@link GEMINI_NAME_RULES});
 * with a lower cap on some hosts (Cursor: 60).
 *
 * Rules:
 * - Direct form. OpenAI/Anthropic: `.` → `__` (`ai_code_editing.generate_code` →
 *   `ai_code_editing__generate_code`), used when the name only has `[A-Za-z0-9._-]`, has no
 *   `__`, no `_` next to a `.` (so `a_.b` and `a._b` cannot both become `a___b`), and fits
 *   `maxLength`; these conditions make every direct form decodable on its own. Gemini: the
 *   name itself, when it starts with a letter or `_` and fits `maxLength`.
 * - Hashed form otherwise: `<prefix>_<hash>`, where hash is the first 40 bits of the
 *   SHA-256 of the full original name in lowercase RFC 4648 base32 (8 chars of `a-z2-7`)
 *   and prefix is the direct form (other invalid characters → `_`) cut to
 *   `maxLength - 9` chars, trailing `_` removed. With an empty prefix the hash alone. For
 *   Gemini, a form that would not start with a letter or `_` gets a leading `_` (its prefix
 *   one character shorter).
 * - Collisions (a hashed form equal to a direct form or to another hashed form) are
 *   resolved by re-hashing with a counter, in sorted order of the colliding names,
 *   so the result depends only on the set of names, never on their order.
 *
 * The mapping is the source of truth for the reverse direction: the manifest
 * records it and {@link unmapVendorName} reads it.
 */
import { createHash } from "node:crypto";

/** Default vendor name length limit (OpenAI, Anthropic, Gemini). */
export const DEFAULT_VENDOR_NAME_MAX_LENGTH = 64;

/** Smallest supported `maxLength`: room for `_` plus an 8-char hash and one prefix char. */
export const MIN_VENDOR_NAME_MAX_LENGTH = 10;

const HASH_LENGTH = 8;
const VENDOR_CHARS = /^[A-Za-z0-9_-]+$/;
const MCP_NAME_CHARS = /^[A-Za-z0-9._-]+$/;
const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

/** What one vendor accepts as a function name, and how a tool name becomes one. */
export interface VendorNameRules {
  /** The vendor, in messages. */
  readonly vendor: string;
  /** The longest name the vendor accepts at all (a configured cap may be lower). */
  readonly maxLength: number;
  /** Whole-name check, without the length: `^[A-Za-z0-9_-]+$` for OpenAI. */
  readonly valid: RegExp;
  /** The name's direct form before the length check, or undefined when it has none. */
  direct(name: string): string | undefined;
  /** Replaces every character a name may not hold by `_` (`.` already spelled as the direct form does). */
  sanitize(name: string): string;
}

/** OpenAI function names: `^[a-zA-Z0-9_-]{1,64}$`, dots spelled `__`. */
export const OPENAI_NAME_RULES: VendorNameRules = {
  vendor: "openai",
  maxLength: 64,
  valid: VENDOR_CHARS,
  direct: underscoreDirectForm,
  sanitize: underscoreSanitize,
};

/** Anthropic tool names: the same as OpenAI's, `^[a-zA-Z0-9_-]{1,64}$`. */
export const ANTHROPIC_NAME_RULES: VendorNameRules = { ...OPENAI_NAME_RULES, vendor: "anthropic" };

/** Gemini function names: a letter or `_` first, then `[A-Za-z0-9_.:-]`; 128 at most (Vertex AI: 64). */
export const GEMINI_NAME_RULES: VendorNameRules = {
  vendor: "gemini",
  maxLength: 128,
  valid: /^[A-Za-z_][A-Za-z0-9_.:-]*$/,
  direct: (name) => (/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(name) ? name : undefined),
  sanitize: (name) => name.replace(/[^A-Za-z0-9_.:-]/g, "_"),
};

/** Options for {@link mapVendorNames}. */
export interface VendorNameOptions {
  /** Maximum vendor name length (default 64; Cursor needs 60). At least {@link MIN_VENDOR_NAME_MAX_LENGTH}. */
  maxLength?: number;
  /** The vendor's naming rules (default: OpenAI's, which Anthropic shares). */
  rules?: VendorNameRules;
}

/** A recorded mapping, as a `Map` or as the plain object stored in the manifest. */
export type VendorNameMapping = ReadonlyMap<string, string> | Readonly<Record<string, string>>;

/**
 * True when `name` is a valid vendor function name of at most `maxLength` characters, under
 * `rules` (default: OpenAI's).
 */
export function isValidVendorName(
  name: string,
  maxLength: number = DEFAULT_VENDOR_NAME_MAX_LENGTH,
  rules: VendorNameRules = OPENAI_NAME_RULES,
): boolean {
  return name.length >= 1 && name.length <= Math.min(maxLength, rules.maxLength) && rules.valid.test(name);
}

/**
 * Maps invocation names to unique vendor function names (original → vendor).
 *
 * Guarantees: every value is valid under `opts.rules` (OpenAI's by default:
 * `^[a-zA-Z0-9_-]{1,maxLength}$`); values are unique; each value depends only on the set of
 * names (not their order).
 * Duplicate inputs share one entry; entries are in first-occurrence order.
 * O(n) plus a sort of the (normally empty) set of hash collisions.
 *
 * @throws RangeError when `maxLength` is not an integer from {@link MIN_VENDOR_NAME_MAX_LENGTH}
 * to the vendor's own limit.
 */
export function mapVendorNames(names: Iterable<string>, opts: VendorNameOptions = {}): Map<string, string> {
  const maxLength = opts.maxLength ?? DEFAULT_VENDOR_NAME_MAX_LENGTH;
  const rules = opts.rules ?? OPENAI_NAME_RULES;
  if (!Number.isInteger(maxLength) || maxLength < MIN_VENDOR_NAME_MAX_LENGTH || maxLength > rules.maxLength) {
    throw new RangeError(
      `maxLength must be an integer from ${MIN_VENDOR_NAME_MAX_LENGTH} to ${rules.maxLength} for ${rules.vendor}, got ${maxLength}`,
    );
  }
  const unique = [...new Set(names)];
  const result = new Map<string, string>(unique.map((n) => [n, ""]));
  const used = new Set<string>();

  // Direct forms are injective by construction, so they never collide with each other.
  const needHash: string[] = [];
  for (const name of unique) {
    const direct = directForm(name, maxLength, rules);
    if (direct === undefined) {
      needHash.push(name);
    } else {
      result.set(name, direct);
      used.add(direct);
    }
  }

  // First hash attempt: keep it when no other name wants the same string.
  const firstTry = new Map<string, string>();
  const wanted = new Map<string, number>();
  for (const name of needHash) {
    const candidate = hashedForm(name, maxLength, 0, rules);
    firstTry.set(name, candidate);
    wanted.set(candidate, (wanted.get(candidate) ?? 0) + 1);
  }
  const contested: string[] = [];
  for (const name of needHash) {
    const candidate = firstTry.get(name)!;
    if (wanted.get(candidate) === 1 && !used.has(candidate)) {
      result.set(name, candidate);
      used.add(candidate);
    } else {
      contested.push(name);
    }
  }

  // Sorting makes the winner of a collision independent of input order.
  contested.sort(compareCodeUnits);
  for (const name of contested) {
    let salt = 0;
    let candidate = hashedForm(name, maxLength, salt, rules);
    while (used.has(candidate)) candidate = hashedForm(name, maxLength, ++salt, rules);
    result.set(name, candidate);
    used.add(candidate);
  }
  return result;
}

/**
 * The original invocation name for a vendor function name, looked up in a mapping
 * produced by {@link mapVendorNames} (or the manifest's copy of it); `undefined`
 * if the vendor name is not in it. Linear; use {@link invertVendorNames} for many lookups.
 */
export function unmapVendorName(vendorName: string, mapping: VendorNameMapping): string | undefined {
  for (const [original, vendor] of entriesOf(mapping)) {
    if (vendor === vendorName) return original;
  }
  return undefined;
}

/** The reverse of a mapping (vendor → original), for dispatching many calls. */
export function invertVendorNames(mapping: VendorNameMapping): Map<string, string> {
  const inverse = new Map<string, string>();
  for (const [original, vendor] of entriesOf(mapping)) inverse.set(vendor, original);
  return inverse;
}

function entriesOf(mapping: VendorNameMapping): Iterable<[string, string]> {
  return mapping instanceof Map ? mapping.entries() : Object.entries(mapping as Record<string, string>);
}

function directForm(name: string, maxLength: number, rules: VendorNameRules): string | undefined {
  const direct = rules.direct(name);
  return direct !== undefined && direct.length <= maxLength ? direct : undefined;
}

/** OpenAI's and Anthropic's direct form: `.` → `__`, for names whose form decodes on its own. */
function underscoreDirectForm(name: string): string | undefined {
  if (!MCP_NAME_CHARS.test(name)) return undefined;
  // Reject inputs whose `.` → `__` output could also come from another name.
  if (name.includes("__") || name.includes("_.") || name.includes("._")) return undefined;
  return name.replaceAll(".", "__");
}

function underscoreSanitize(name: string): string {
  return name.replaceAll(".", "__").replace(/[^A-Za-z0-9_-]/g, "_");
}

function hashedForm(name: string, maxLength: number, salt: number, rules: VendorNameRules): string {
  const hash = base32Hash(salt === 0 ? name : `${name}\u0000${salt}`);
  const cut = (room: number) =>
    rules
      .sanitize(name)
      .slice(0, room)
      // regex-safety: sliced just above to maxLength (from the project config; default 64)
      .replace(/_+$/, "");
  let prefix = cut(maxLength - HASH_LENGTH - 1);
  let candidate = prefix === "" ? hash : `${prefix}_${hash}`;
  if (!rules.valid.test(candidate)) {
    // Gemini: the form must start with a letter or `_`.
    prefix = cut(maxLength - HASH_LENGTH - 2);
    candidate = prefix === "" ? `_${hash}` : `_${prefix}_${hash}`;
  }
  return candidate;
}

function base32Hash(text: string): string {
  const bytes = createHash("sha256").update(text, "utf8").digest();
  // 5 bytes = 40 bits = exactly 8 base32 digits.
  let bits = 0n;
  for (let i = 0; i < 5; i++) bits = (bits << 8n) | BigInt(bytes[i]);
  let out = "";
  for (let i = HASH_LENGTH - 1; i >= 0; i--) out += BASE32[Number((bits >> BigInt(i * 5)) & 31n)];
  return out;
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
