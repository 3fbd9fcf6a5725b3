import { ANY, ASCII, type CodePointRanges } from "./char-sets.js";

/**
 * ECMAScript's General_Category values and their aliases (ECMA-262, table "Value aliases and
 * canonical values for General_Category"), each to the short name RE2 knows it by.
 */
const GENERAL_CATEGORIES: Readonly<Record<string, string>> = {
  ...aliases("LC", "Cased_Letter"),
  ...aliases("Pe", "Close_Punctuation"),
  ...aliases("Pc", "Connector_Punctuation"),
  ...aliases("Cc", "Control", "cntrl"),
  ...aliases("Sc", "Currency_Symbol"),
  ...aliases("Pd", "Dash_Punctuation"),
  ...aliases("Nd", "Decimal_Number", "digit"),
  ...aliases("Me", "Enclosing_Mark"),
  ...aliases("Pf", "Final_Punctuation"),
  ...aliases("Cf", "Format"),
  ...aliases("Pi", "Initial_Punctuation"),
  ...aliases("L", "Letter"),
  ...aliases("Nl", "Letter_Number"),
  ...aliases("Zl", "Line_Separator"),
  ...aliases("Ll", "Lowercase_Letter"),
  ...aliases("M", "Mark", "Combining_Mark"),
  ...aliases("Sm", "Math_Symbol"),
  ...aliases("Lm", "Modifier_Letter"),
  ...aliases("Sk", "Modifier_Symbol"),
  ...aliases("Mn", "Nonspacing_Mark"),
  ...aliases("N", "Number"),
  ...aliases("Ps", "Open_Punctuation"),
  ...aliases("C", "Other"),
  ...aliases("Lo", "Other_Letter"),
  ...aliases("No", "Other_Number"),
  ...aliases("Po", "Other_Punctuation"),
  ...aliases("So", "Other_Symbol"),
  ...aliases("Zp", "Paragraph_Separator"),
  ...aliases("Co", "Private_Use"),
  ...aliases("P", "Punctuation", "punct"),
  ...aliases("Z", "Separator"),
  ...aliases("Zs", "Space_Separator"),
  ...aliases("Mc", "Spacing_Mark"),
  ...aliases("Cs", "Surrogate"),
  ...aliases("S", "Symbol"),
  ...aliases("Lt", "Titlecase_Letter"),
  ...aliases("Cn", "Unassigned"),
  ...aliases("Lu", "Uppercase_Letter"),
};

/** The binary properties RE2 also has, by every ECMAScript name and alias, to RE2's name. */
const BINARY_PROPERTIES: Readonly<Record<string, string>> = {
  ...aliases("ASCII_Hex_Digit", "AHex"),
  ...aliases("Alphabetic", "Alpha"),
  ...aliases("Dash"),
  ...aliases("Emoji"),
  ...aliases("Emoji_Component", "EComp"),
  ...aliases("Emoji_Modifier", "EMod"),
  ...aliases("Emoji_Modifier_Base", "EBase"),
  ...aliases("Emoji_Presentation", "EPres"),
  ...aliases("Extended_Pictographic", "ExtPict"),
  ...aliases("Hex_Digit", "Hex"),
  ...aliases("Lowercase", "Lower"),
  ...aliases("Math"),
  ...aliases("Quotation_Mark", "QMark"),
  ...aliases("Terminal_Punctuation", "Term"),
  ...aliases("Uppercase", "Upper"),
  ...aliases("White_Space", "space"),
};

/** ECMAScript's binary properties RE2 has no table for, written as ranges or as another property. */
const EXPLICIT: Readonly<Record<string, CodePointRanges>> = { ASCII, Any: ANY };

function aliases(re2: string, ...names: string[]): Record<string, string> {
  return Object.fromEntries([re2, ...names].map((name) => [name, re2]));
}

/** What a property escape becomes in RE2, or why it cannot be translated. */
export type PropertyTranslation =
  /** An RE2 property escape name (`\p{…}`). */
  | { kind: "property"; name: string; negate: boolean }
  /** An explicit set of code points. */
  | { kind: "ranges"; ranges: CodePointRanges; negate: boolean }
  | { kind: "refused"; reason: string; help?: string };

/**
 * How a `\p{key=value}` / `\P{…}` escape of a Unicode-mode pattern (already accepted by
 * JavaScript, so its names are valid) is written for RE2: general categories and the binary
 * properties RE2 has map to its names, scripts given by their long names map to RE2's script
 * tables (`\p{Script=Greek}` → `\p{Greek}`), `ASCII` and `Any` become ranges and `Assigned`
 * becomes "not unassigned". Script_Extensions, the other binary properties and script
 * aliases RE2 does not know are refused, with what to write instead when there is something.
 */
export function translateProperty(key: string, value: string | null, negate: boolean): PropertyTranslation {
  const written = `\\${negate ? "P" : "p"}{${value === null ? key : `${key}=${value}`}}`;
  if (value === null) {
    if (Object.hasOwn(GENERAL_CATEGORIES, key)) return { kind: "property", name: GENERAL_CATEGORIES[key]!, negate };
    if (Object.hasOwn(BINARY_PROPERTIES, key)) return { kind: "property", name: BINARY_PROPERTIES[key]!, negate };
    if (Object.hasOwn(EXPLICIT, key)) return { kind: "ranges", ranges: EXPLICIT[key]!, negate };
    if (key === "Assigned") return { kind: "property", name: "Cn", negate: !negate };
    return {
      kind: "refused",
      reason: `uses the Unicode property ${written}, which the linear-time engine has no table for`,
      help: "use a general category or a script instead (e.g. \\p{L}, \\p{Nd}, \\p{Script=Latin}), or list the characters in a class",
    };
  }
  if (key === "General_Category" || key === "gc") {
    if (Object.hasOwn(GENERAL_CATEGORIES, value)) return { kind: "property", name: GENERAL_CATEGORIES[value]!, negate };
  } else if (key === "Script" || key === "sc") {
    // RE2 names scripts by their long names only; a name that is also a category or a
    // binary property there would mean something else.
    if (
      /^[A-Z][A-Za-z_]*$/.test(value) &&
      !Object.hasOwn(GENERAL_CATEGORIES, value) &&
      !Object.hasOwn(BINARY_PROPERTIES, value)
    )
      return { kind: "property", name: value, negate };
  } else if (key === "Script_Extensions" || key === "scx") {
    return {
      kind: "refused",
      reason: `uses ${written} (Script_Extensions), which the linear-time engine has no table for`,
      help: `\\p{Script=${value}} is the closest it has: it leaves out characters shared with other scripts`,
    };
  }
  return {
    kind: "refused",
    reason: `uses the Unicode property ${written}, which the linear-time engine has no table for`,
  };
}
