/**
 * A word of a POSIX shell command line, or an operator between words. `text` is the word
 * as the shell passes it on (quotes removed, escapes applied); `raw` is how it was written.
 * `expands` says the word holds an unquoted or double-quoted `$` or a backquote, so its
 * value is only known when the shell runs it.
 */
export type ShellToken =
  | { kind: "word"; text: string; raw: string; expands: boolean }
  /** `;`, `&&`, `||`, `|`, `&`, `(`, `)`, or a newline (as `;`). */
  | { kind: "operator"; text: string }
  /** `<`, `>`, `>>`, `2>`, `&>`, …: the next word is a file, not an argument. */
  | { kind: "redirect"; text: string };

const OPERATORS = ["&&", "||", ";;", ";", "|", "&", "(", ")"];
const BLANK = /[ \t]/;

/**
 * Splits a shell command line into words and operators, the way `/bin/sh` reads them
 * (single and double quotes, backslash escapes, comments, operators, redirections). Only
 * the reading is done: nothing is expanded or run. Returns undefined when a quote is left
 * open. Linear in the length of the text.
 */
export function splitShellWords(line: string): ShellToken[] | undefined {
  const tokens: ShellToken[] = [];
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (BLANK.test(c)) {
      i++;
      continue;
    }
    if (c === "\n" || c === "\r") {
      tokens.push({ kind: "operator", text: ";" });
      i++;
      continue;
    }
    if (c === "#") {
      while (i < line.length && line[i] !== "\n") i++;
      continue;
    }
    const redirect = /^(?:\d*(?:>>|>&|<&|<<|>|<)|&>>?)/.exec(line.slice(i, i + 4));
    if (redirect) {
      tokens.push({ kind: "redirect", text: redirect[0] });
      i += redirect[0].length;
      continue;
    }
    const operator = OPERATORS.find((op) => line.startsWith(op, i));
    if (operator) {
      tokens.push({ kind: "operator", text: operator });
      i += operator.length;
      continue;
    }
    const word = readWord(line, i);
    if (!word) return undefined;
    tokens.push(word.token);
    i = word.end;
  }
  return tokens;
}

function readWord(line: string, start: number): { token: ShellToken; end: number } | undefined {
  let text = "";
  let expands = false;
  let i = start;
  while (i < line.length) {
    const c = line[i]!;
    if (BLANK.test(c) || c === "\n" || c === "\r" || ";&|()<>".includes(c)) break;
    if (c === "\\") {
      if (i + 1 < line.length && line[i + 1] !== "\n") text += line[i + 1];
      i += 2;
    } else if (c === "'") {
      const close = line.indexOf("'", i + 1);
      if (close < 0) return undefined;
      text += line.slice(i + 1, close);
      i = close + 1;
    } else if (c === '"') {
      i++;
      while (i < line.length && line[i] !== '"') {
        if (line[i] === "\\" && i + 1 < line.length && '"\\$`\n'.includes(line[i + 1]!)) {
          if (line[i + 1] !== "\n") text += line[i + 1];
          i += 2;
          continue;
        }
        if (line[i] === "$" || line[i] === "`") expands = true;
        const end = substitutionEnd(line, i);
        if (end < 0) return undefined;
        text += line.slice(i, end);
        i = end;
      }
      if (i >= line.length) return undefined;
      i++;
    } else {
      if (c === "$" || c === "`") expands = true;
      const end = substitutionEnd(line, i);
      if (end < 0) return undefined;
      text += line.slice(i, end);
      i = end;
    }
  }
  return { token: { kind: "word", text, raw: line.slice(start, i), expands }, end: i };
}

/**
 * Where the character at `i` ends: after the matching `)` of a `$(…)` command substitution
 * or the closing backquote of a `` `…` `` one (which are part of the word, spaces and all),
 * else just after it; -1 when a substitution is left open.
 */
function substitutionEnd(line: string, i: number): number {
  if (line[i] === "`") {
    for (let j = i + 1; j < line.length; j++) {
      if (line[j] === "\\") j++;
      else if (line[j] === "`") return j + 1;
    }
    return -1;
  }
  if (line[i] !== "$" || line[i + 1] !== "(") return i + 1;
  let depth = 0;
  for (let j = i + 1; j < line.length; j++) {
    const c = line[j];
    if (c === "\\") j++;
    else if (c === "'") {
      j = line.indexOf("'", j + 1);
      if (j < 0) return -1;
    } else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return j + 1;
  }
  return -1;
}

/** A word written so that `/bin/sh` reads it back as `text`: bare when that is safe, else in single quotes. */
export function quoteShellWord(text: string): string {
  if (/^[A-Za-z0-9_@%+=:,./~^-]+$/.test(text)) return text;
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
