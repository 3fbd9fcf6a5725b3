import { describe, expect, it } from "vitest";
import { translatePattern } from "../../packages/runtime/src/patterns/translate.js";

// Property escapes are translated to RE2's own Unicode tables (`\p{Script=Greek}` → `\p{Greek}`),
// which are only right if they hold the same code points as JavaScript's. Checked here for
// every general category, binary property and script the translation accepts: at both ends
// of each of JavaScript's ranges, just outside them, on every lone surrogate and on code
// points spread over the whole range.

const GENERAL_CATEGORIES = [
  "C",
  "Cc",
  "Cf",
  "Cn",
  "Co",
  "Cs",
  "L",
  "LC",
  "Ll",
  "Lm",
  "Lo",
  "Lt",
  "Lu",
  "M",
  "Mc",
  "Me",
  "Mn",
  "N",
  "Nd",
  "Nl",
  "No",
  "P",
  "Pc",
  "Pd",
  "Pe",
  "Pf",
  "Pi",
  "Po",
  "Ps",
  "S",
  "Sc",
  "Sk",
  "Sm",
  "So",
  "Z",
  "Zl",
  "Zp",
  "Zs",
];
const ALIASES = [
  "Letter",
  "Cased_Letter",
  "Decimal_Number",
  "digit",
  "punct",
  "Combining_Mark",
  "Unassigned",
  "Other",
  "Separator",
  "Control",
  "cntrl",
  "Private_Use",
  "Surrogate",
  "Titlecase_Letter",
  "Uppercase_Letter",
];
const BINARY = [
  "ASCII_Hex_Digit",
  "AHex",
  "Alphabetic",
  "Alpha",
  "Dash",
  "Emoji",
  "Emoji_Component",
  "EComp",
  "Emoji_Modifier",
  "EMod",
  "Emoji_Modifier_Base",
  "EBase",
  "Emoji_Presentation",
  "EPres",
  "Extended_Pictographic",
  "ExtPict",
  "Hex_Digit",
  "Hex",
  "Lowercase",
  "Lower",
  "Math",
  "Quotation_Mark",
  "QMark",
  "Terminal_Punctuation",
  "Term",
  "Uppercase",
  "Upper",
  "White_Space",
  "space",
  "ASCII",
  "Any",
  "Assigned",
];
// RE2's script names (re2js 2.10); scripts JavaScript does not know on this Node are skipped.
const SCRIPTS = `Adlam Ahom Anatolian_Hieroglyphs Arabic Armenian Avestan Balinese Bamum Bassa_Vah Batak Bengali
Beria_Erfe Bhaiksuki Bopomofo Brahmi Braille Buginese Buhid Canadian_Aboriginal Carian Caucasian_Albanian Chakma
Cham Cherokee Chorasmian Common Coptic Cuneiform Cypriot Cypro_Minoan Cyrillic Deseret Devanagari Dives_Akuru Dogra
Duployan Egyptian_Hieroglyphs Elbasan Elymaic Ethiopic Garay Georgian Glagolitic Gothic Grantha Greek Gujarati
Gunjala_Gondi Gurmukhi Gurung_Khema Han Hangul Hanifi_Rohingya Hanunoo Hatran Hebrew Hiragana Imperial_Aramaic
Inherited Inscriptional_Pahlavi Inscriptional_Parthian Javanese Kaithi Kannada Katakana Kawi Kayah_Li Kharoshthi
Khitan_Small_Script Khmer Khojki Khudawadi Kirat_Rai Lao Latin Lepcha Limbu Linear_A Linear_B Lisu Lycian Lydian
Mahajani Makasar Malayalam Mandaic Manichaean Marchen Masaram_Gondi Medefaidrin Meetei_Mayek Mende_Kikakui
Meroitic_Cursive Meroitic_Hieroglyphs Miao Modi Mongolian Mro Multani Myanmar Nabataean Nag_Mundari Nandinagari
New_Tai_Lue Newa Nko Nushu Nyiakeng_Puachue_Hmong Ogham Ol_Chiki Ol_Onal Old_Hungarian Old_Italic
Old_North_Arabian Old_Permic Old_Persian Old_Sogdian Old_South_Arabian Old_Turkic Old_Uyghur Oriya Osage Osmanya
Pahawh_Hmong Palmyrene Pau_Cin_Hau Phags_Pa Phoenician Psalter_Pahlavi Rejang Runic Samaritan Saurashtra Sharada
Shavian Siddham Sidetic SignWriting Sinhala Sogdian Sora_Sompeng Soyombo Sundanese Sunuwar Syloti_Nagri Syriac
Tagalog Tagbanwa Tai_Le Tai_Tham Tai_Viet Tai_Yo Takri Tamil Tangsa Tangut Telugu Thaana Thai Tibetan Tifinagh
Tirhuta Todhri Tolong_Siki Toto Tulu_Tigalari Ugaritic Unknown Vai Vithkuqi Wancho Warang_Citi Yezidi Yi
Zanabazar_Square`.split(/\s+/);

/** Every code point but the surrogates, in order: JavaScript's ranges of a property are read from it. */
function allCodePoints(): string {
  const parts: string[] = [];
  for (let start = 0; start <= 0x10ffff; start += 0x1000) {
    const chunk: number[] = [];
    for (let cp = start; cp < start + 0x1000; cp++) if (cp < 0xd800 || cp > 0xdfff) chunk.push(cp);
    parts.push(String.fromCodePoint(...chunk));
  }
  return parts.join("");
}
const ALL = allCodePoints();
/** The code point at a UTF-16 index of {@link ALL}. */
const codePointAt = (index: number) => ALL.codePointAt(index)!;

/** The code points JavaScript's `\p{…}` holds, as ranges (surrogates aside). */
function javascriptRanges(written: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const m of ALL.matchAll(new RegExp(`${written}+`, "gu"))) {
    const last = m.index + m[0].length - 1;
    // The last code point of the run starts one unit earlier when it is astral (two units).
    ranges.push([codePointAt(m.index), codePointAt(ALL.codePointAt(last - 1)! > 0xffff ? last - 1 : last)]);
  }
  return ranges;
}

/**
 * The code points to compare for a property: its range ends and their neighbours, the ends
 * of the whole range and of the surrogates, lone surrogates, a spread. They hold the range
 * ends of the property's complement and their neighbours too, so they serve `\P{…}` as well.
 */
function probes(ranges: Array<[number, number]>): number[] {
  const out = new Set<number>([0, 0xd7ff, 0xe000, 0x10ffff]);
  for (const [first, last] of ranges) for (const cp of [first - 1, first, last, last + 1]) out.add(cp);
  for (let cp = 0xd800; cp <= 0xdfff; cp += 7) out.add(cp);
  for (let cp = 0; cp <= 0x10ffff; cp += 251) out.add(cp);
  return [...out].filter((cp) => cp >= 0 && cp <= 0x10ffff);
}

/** The code points of `at` (by default, `written`'s probes) where RE2's translation and JavaScript disagree. */
function differences(written: string, at: number[] = probes(javascriptRanges(written))): number[] {
  const translated = translatePattern(`^${written}$`);
  if (!translated.ok) throw new Error(`${written} refused: ${translated.reason}`);
  const js = new RegExp(`^${written}$`, "u");
  return at.filter((cp) => {
    const s = String.fromCodePoint(cp);
    return translated.regexp.test(s) !== js.test(s);
  });
}

const knownToJavaScript = (written: string) => {
  try {
    new RegExp(written, "u");
    return true;
  } catch {
    return false;
  }
};

// A test per property: a busy machine stretches each one a little, rather than one test
// that checks them all past its timeout.
describe("property escapes: RE2's tables hold JavaScript's code points", () => {
  it.each([...GENERAL_CATEGORIES, ...ALIASES])(
    "general category %s, by name and as \\P{General_Category=…}",
    (name) => {
      const at = probes(javascriptRanges(`\\p{${name}}`));
      expect(differences(`\\p{${name}}`, at)).toEqual([]);
      expect(differences(`\\P{General_Category=${name}}`, at)).toEqual([]);
    },
  );

  it.each(BINARY)("binary property %s", (name) => {
    expect(differences(`\\p{${name}}`)).toEqual([]);
  });

  it("binary property \\P{Assigned}", () => {
    expect(differences("\\P{Assigned}")).toEqual([]);
  });

  const known = SCRIPTS.filter((s) => knownToJavaScript(`\\p{Script=${s}}`));
  it("knows most of RE2's scripts", () => {
    expect(known.length).toBeGreaterThan(150);
  });

  it.each(known)("script %s, by long name", (name) => {
    expect(differences(`\\p{Script=${name}}`)).toEqual([]);
  });

  it("refuses what RE2 has no table for, saying what to write", () => {
    for (const [written, help] of [
      ["\\p{scx=Greek}", /Script=Greek/],
      ["\\p{Script=Grek}", /long name/],
      ["\\p{Ideographic}", /general category or a script/],
    ] as const) {
      const translated = translatePattern(written);
      expect(translated.ok, written).toBe(false);
      if (!translated.ok) expect(`${translated.reason} ${translated.help}`).toMatch(help);
    }
  });
});
