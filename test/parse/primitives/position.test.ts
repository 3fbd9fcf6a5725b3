import { describe, expect, it } from "vitest";
import { createLineIndex, lineStarts, offsetToLineCol, type LineCol } from "../../../src/parse/primitives/position.js";

type Case = [name: string, { given: { text: string; offset: number }; want: LineCol }];

const cases: Case[] = [
  ["start of text", { given: { text: "abc", offset: 0 }, want: { line: 1, column: 1 } }],
  ["inside first line", { given: { text: "abc", offset: 2 }, want: { line: 1, column: 3 } }],
  ["end of text", { given: { text: "abc", offset: 3 }, want: { line: 1, column: 4 } }],
  ["the newline itself belongs to its line", { given: { text: "ab\ncd", offset: 2 }, want: { line: 1, column: 3 } }],
  ["start of second line", { given: { text: "ab\ncd", offset: 3 }, want: { line: 2, column: 1 } }],
  ["CRLF counts as one break", { given: { text: "ab\r\ncd", offset: 4 }, want: { line: 2, column: 1 } }],
  ["lone CR is a break", { given: { text: "ab\rcd", offset: 4 }, want: { line: 2, column: 2 } }],
  ["blank lines", { given: { text: "a\n\n\nb", offset: 4 }, want: { line: 4, column: 1 } }],
  ["negative offset is clamped", { given: { text: "abc", offset: -5 }, want: { line: 1, column: 1 } }],
  ["offset past the end is clamped", { given: { text: "a\nbc", offset: 99 }, want: { line: 2, column: 3 } }],
  ["empty text", { given: { text: "", offset: 0 }, want: { line: 1, column: 1 } }],
  ["astral characters count as two code units", { given: { text: "😀x", offset: 2 }, want: { line: 1, column: 3 } }],
];

describe("offsetToLineCol", () => {
  it.each(cases)("%s", (_name, { given, want }) => {
    expect(offsetToLineCol(given.text, given.offset)).toEqual(want);
  });

  it("agrees with a line index built once", () => {
    const text = "one\r\ntwo\n\nthree\rfour";
    const index = createLineIndex(text);
    for (let i = 0; i <= text.length; i++) expect(index(i)).toEqual(offsetToLineCol(text, i));
    expect(lineStarts(text)).toEqual([0, 5, 9, 10, 16]);
  });
});
