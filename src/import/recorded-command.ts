import path from "node:path";
import { looksLikeCredential } from "./credential-shape.js";
import {
  LAUNCHERS,
  PREFIXES,
  SAFE_VALUES,
  SAFE_WORDS,
  SHELLS,
  SINGLE_DASH_NAMES,
  type Launcher,
  type TargetShape,
} from "./launchers.js";
import { recordUrl, VALUE, type Recorded } from "./recorded-url.js";
import { isControl } from "./scrub.js";
import { quoteShellWord, splitShellWords, type ShellToken } from "./shell-words.js";

/** What `import` writes in place of an argument it does not record. */
export const ARG = "<arg>";
/** In place of a program, or a command line it cannot read. */
export const COMMAND = "<command>";

/** How deep `sh -c '… sh -c "…"'` is followed. */
const MAX_NESTING = 3;

type Word = Extract<ShellToken, { kind: "word" }>;

/**
 * Records the command an `import --stdio` ran, for the header of the spec it writes. The
 * spec is committed, and a command line carries secrets in more forms than any list of
 * secret-looking names can know (`-t …`, `--pat …`, `--access-token:…`, `-pSECRET`, JSON
 * in an argument, a bare token), so what is kept is decided by what each word IS, never by
 * how a secret might look:
 *
 * - kept: the program (`npx`, `docker`, a path), the package, script, module or image a
 *   known launcher runs (`npx -y @modelcontextprotocol/server-github`, `docker run … IMAGE`,
 *   `python -m module`), the launcher's own known options, environment variable NAMES
 *   (`GITHUB_TOKEN=<value>`), option NAMES (`--api-key <value>`), shell operators, the words
 *   that name a transport (`stdio`, `sse`, `http`), a port, host, transport or log level
 *   given to an option of that name, and `$VARIABLE` references (a name, not a value);
 * - URLs keep only their scheme, host and path ({@link recordUrl});
 * - every other argument becomes `<arg>`, every option or variable value `<value>`, and a
 *   command that cannot be read `<command>`. `sh -c '…'` and `bash -lc '…'` are recorded by
 *   the same rules inside.
 *
 * Kept parts that still look like a key (a long run alternating letters and digits, a
 * `ghp_`/`sk-` prefix) are replaced too, as a second line of defence.
 */
export function recordCommand(command: string, depth = 0): Recorded {
  const tokens = splitShellWords(command);
  if (!tokens) return { text: COMMAND, withheld: [command] };
  const withheld: string[] = [];
  const parts: string[] = [];
  let words: ShellToken[] = [];
  const flush = () => {
    if (words.length) parts.push(new SimpleCommand(words, withheld, depth).record());
    words = [];
  };
  for (const token of tokens) {
    if (token.kind !== "operator") words.push(token);
    else {
      flush();
      // `a; b` and `(a)`: no space before the operator; `a && b`, `a | b`: one on each side.
      if ((token.text === ";" || token.text === ")") && parts.length) parts[parts.length - 1] += token.text;
      else parts.push(token.text);
    }
  }
  flush();
  return { text: parts.filter((p) => p !== "").join(" "), withheld };
}

/** One simple command (words between operators), recorded left to right. */
class SimpleCommand {
  private i = 0;
  private readonly out: string[] = [];

  constructor(
    private readonly tokens: readonly ShellToken[],
    private readonly withheld: string[],
    private readonly depth: number,
  ) {}

  record(): string {
    this.assignments();
    for (let w = this.word(); w; w = this.word()) {
      const name = programName(w);
      if (name === "env") {
        this.keep(w);
        if (!this.envOptions()) return this.rest();
        this.assignments();
      } else if (name === "export" || name === "readonly") {
        this.keep(w);
        return this.rest();
      } else if (PREFIXES.has(name)) this.keep(w);
      else break;
    }
    const program = this.word();
    if (!program) return this.rest();
    this.i++;
    if (!this.keepProgram(program)) return this.rest();
    const name = programName(program);
    if (SHELLS.has(name)) this.shell();
    else if (LAUNCHERS[name]) this.launcher(LAUNCHERS[name]);
    return this.rest();
  }

  /** The word at the cursor, if the token there is one. */
  private word(): Word | undefined {
    const t = this.tokens[this.i];
    return t?.kind === "word" ? t : undefined;
  }

  /** Keeps a word and moves past it. */
  private keep(w: Word): void {
    this.out.push(quoteShellWord(w.text));
    this.i++;
  }

  private hide(text: string, placeholder: string): string {
    this.withheld.push(text);
    return placeholder;
  }

  private assignments(): void {
    for (let w = this.word(); w && isAssignment(w); w = this.word()) {
      this.out.push(this.assignment(w.text, w.raw));
      this.i++;
    }
  }

  /** `NAME=value` as `NAME=<value>` (a `$REFERENCE` value is kept). */
  private assignment(text: string, raw: string): string {
    const eq = text.indexOf("=");
    const name = text.slice(0, eq);
    if (!isVariableName(name)) return this.hide(text, ARG);
    return `${name}=${this.value(name, text.slice(eq + 1), rawAfter(raw, `${name}=`))}`;
  }

  /** The value of option or variable `name`: kept when it is a reference or a known safe value. */
  private value(name: string, value: string, raw: string | undefined): string {
    if (value === "") return "";
    if (raw !== undefined && isReference(raw)) return raw;
    if (SAFE_VALUES.some((s) => s.name.test(name) && s.value.test(value)) && !looksLikeCredential(value))
      return quoteShellWord(value);
    if (isUrl(value)) return this.url(value);
    return this.hide(value, VALUE);
  }

  private url(text: string): string {
    const r = recordUrl(text);
    this.withheld.push(...r.withheld);
    return quoteShellWord(r.text);
  }

  /** `env`'s options; false at one it does not know (what follows is then not read as a command). */
  private envOptions(): boolean {
    for (let w = this.word(); w?.text.startsWith("-"); w = this.word()) {
      const text = w.text;
      if (text === "--") {
        this.keep(w);
        return true;
      }
      if (["-", "-i", "--ignore-environment", "-0", "--null"].includes(text)) this.keep(w);
      else if (text === "-u" || text === "--unset" || text === "-C" || text === "--chdir") {
        this.keep(w);
        const v = this.word();
        if (v) {
          this.out.push(text.endsWith("u") || text === "--unset" ? this.name(v.text) : this.hide(v.text, VALUE));
          this.i++;
        }
      } else return false;
    }
    return true;
  }

  /** A variable name, kept when it is one. */
  private name(text: string): string {
    return isVariableName(text) ? text : this.hide(text, ARG);
  }

  private keepProgram(w: Word): boolean {
    if (w.expands ? isReferencePath(w.raw) : isPlainText(w.text) && !looksLikeCredential(w.text)) {
      this.out.push(w.expands ? w.raw : quoteShellWord(w.text));
      return true;
    }
    this.out.push(this.hide(w.text, COMMAND));
    return false;
  }

  /** `sh [options] -c 'command line' [$0 args…]` or `sh [options] script [args…]`. */
  private shell(): void {
    let script = false;
    for (let w = this.word(); w && /^[-+][A-Za-z]{1,8}$/.test(w.text); w = this.word()) {
      if (w.text.startsWith("-") && w.text.includes("c")) script = true;
      this.keep(w);
      if (w.text === "-o" || w.text === "+o") {
        const option = this.word();
        if (option) {
          this.out.push(/^[a-z]{2,20}$/.test(option.text) ? option.text : this.hide(option.text, VALUE));
          this.i++;
        }
      }
    }
    const w = this.word();
    if (!w) return;
    this.i++;
    if (!script) {
      this.out.push(this.target("script", w));
      return;
    }
    if (this.depth >= MAX_NESTING) {
      this.out.push(this.hide(w.text, COMMAND));
      return;
    }
    const inner = recordCommand(w.text, this.depth + 1);
    this.withheld.push(...inner.withheld);
    this.out.push(quoteShellWord(inner.text));
  }

  /** A launcher's subcommand, its known options and its target; stops at an option it does not know. */
  private launcher(l: Launcher): void {
    const sub = this.word();
    if (sub && l.subcommands?.includes(sub.text)) this.keep(sub);
    else if (l.subcommandRequired) return;
    for (let w = this.word(); w?.text.startsWith("-") && w.text.length > 1; w = this.word()) {
      if (w.text === "--") {
        this.keep(w);
        break;
      }
      const { name, sep, attached } = splitOption(w.text);
      if (l.flags.includes(w.text)) {
        this.keep(w);
        continue;
      }
      const role = l.targetFlags?.[name];
      const valued = role || l.valueFlags.includes(name) || l.envFlags?.includes(name);
      if (!valued && !(l.flags.includes(name) && sep)) return; // unknown: the rest are the server's arguments
      this.i++;
      let value: string | undefined = attached;
      let raw = sep ? rawAfter(w.raw, `${name}${sep}`) : undefined;
      if (!sep && valued) {
        const next = this.word();
        if (next) {
          value = next.text;
          raw = next.raw;
          this.i++;
        }
      }
      const shown =
        value === undefined
          ? ""
          : role
            ? this.target(role.shape, { kind: "word", text: value, raw: raw ?? value, expands: false })
            : l.envFlags?.includes(name)
              ? isAssignmentText(value)
                ? this.assignment(value, raw ?? value)
                : this.name(value)
              : this.value(name, value, raw);
      this.out.push(sep ? `${name}${sep}${shown}` : value === undefined ? name : `${name} ${shown}`);
      if (role?.isTarget) return;
    }
    const target = this.word();
    if (target && !target.text.startsWith("-")) {
      this.i++;
      this.out.push(this.target(l.target, target));
    }
  }

  /** The package, script, module or image a launcher runs: kept when it has that shape. */
  private target(shape: TargetShape, w: Word): string {
    if (w.expands) return isReferencePath(w.raw) ? w.raw : this.hide(w.text, ARG);
    if (isUrl(w.text)) return this.url(w.text);
    const text = w.text;
    const digestless = text.replace(/@sha256:[a-f0-9]{64}$/, "");
    const ok =
      shape === "package"
        ? /^[\w@./:+^~=<>![\],*-]{1,214}$/.test(text)
        : shape === "module"
          ? /^[A-Za-z_][\w.]{0,200}$/.test(text)
          : shape === "image"
            ? /^[a-z0-9][\w./:-]{0,254}$/i.test(digestless)
            : isPlainText(text);
    return ok && !looksLikeCredential(digestless) ? quoteShellWord(text) : this.hide(text, ARG);
  }

  /** Everything after the cursor, as the server's own arguments; returns the recorded command. */
  private rest(): string {
    let option: string | undefined;
    while (this.i < this.tokens.length) {
      const t = this.tokens[this.i++]!;
      if (t.kind === "operator") continue;
      if (t.kind === "redirect") {
        this.out.push(t.text);
        const file = this.word();
        if (file) {
          this.out.push(this.hide(file.text, ARG));
          this.i++;
        }
        option = undefined;
        continue;
      }
      const expectsValue = this.argument(t, option);
      option = expectsValue;
    }
    return this.out.join(" ");
  }

  /** Records one of the server's arguments; returns the option's name when it may take the next word as its value. */
  private argument(w: Word, option: string | undefined): string | undefined {
    const text = w.text;
    if (text === "--") {
      this.out.push(text);
      return undefined;
    }
    const long = /^--([A-Za-z][A-Za-z0-9]*(?:[-_.][A-Za-z0-9]+)*)(?:([=:])([\s\S]*))?$/.exec(text);
    if (text.startsWith("--") && long && long[1]!.length <= 50 && !looksLikeCredential(long[1]!)) {
      const [, name, sep, value] = long;
      if (!sep) {
        this.out.push(`--${name}`);
        return name;
      }
      this.out.push(`--${name}${sep}${this.value(name!, value!, rawAfter(w.raw, `--${name}${sep}`))}`);
      return undefined;
    }
    const short = /^-([A-Za-z][A-Za-z0-9-]*)(?:([=:])([\s\S]*))?$/.exec(text);
    if (short && !text.startsWith("--")) {
      const [, name, sep, value] = short;
      if (name!.length === 1 || SINGLE_DASH_NAMES.has(name!.toLowerCase().replace(/-/g, ""))) {
        this.out.push(
          sep ? `-${name}${sep}${this.value(name!, value!, rawAfter(w.raw, `-${name}${sep}`))}` : `-${name}`,
        );
        return sep ? undefined : name;
      }
      // `-pSECRET`: an option with its value attached cannot be told from a name.
      this.out.push(this.hide(text, ARG));
      return undefined;
    }
    if (text.startsWith("-") && !/^-\d/.test(text)) {
      this.out.push(this.hide(text, ARG));
      return undefined;
    }
    if (w.expands && isReference(w.raw)) this.out.push(w.raw);
    else if (option && SAFE_VALUES.some((s) => s.name.test(option) && s.value.test(text)) && !looksLikeCredential(text))
      this.out.push(quoteShellWord(text));
    else if (SAFE_WORDS.has(text) && !w.expands) this.out.push(text);
    else if (isUrl(text)) this.out.push(this.url(text));
    else if (isAssignment(w)) this.out.push(this.assignment(text, w.raw));
    else this.out.push(this.hide(text, option ? VALUE : ARG));
    return undefined;
  }
}

/** The program a word runs: its file name, or "" when the shell computes it. */
function programName(w: Word): string {
  return w.expands ? "" : path.posix.basename(w.text);
}

/** An option split into its name and the value attached with `=` or `:` (`--token=…`, `--access-token:…`). */
function splitOption(text: string): { name: string; sep: string; attached: string | undefined } {
  const m = /^(--?[A-Za-z][A-Za-z0-9_.-]*)([=:])([\s\S]*)$/.exec(text);
  return m ? { name: m[1]!, sep: m[2]!, attached: m[3]! } : { name: text, sep: "", attached: undefined };
}

/** `NAME=value` written unquoted before the `=`, which the shell takes as an assignment. */
function isAssignment(w: Word): boolean {
  return isAssignmentText(w.text) && /^[A-Za-z_][A-Za-z0-9_]*=/.test(w.raw);
}

function isAssignmentText(text: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*=/.test(text);
}

/**
 * An environment variable name as people write them, all upper or all lower case
 * (`GITHUB_TOKEN`, `http_proxy`); kept in a recorded command. Mixed case is not taken for
 * one: base64 text ending in `=` reads as `NAME=` otherwise.
 */
function isVariableName(text: string): boolean {
  return /^(?:[A-Z_][A-Z0-9_]{0,63}|[a-z_][a-z0-9_]{0,63})$/.test(text) && !looksLikeCredential(text);
}

/** A whole word that is one variable reference: `$TOKEN`, `"${TOKEN}"`. */
function isReference(raw: string): boolean {
  return /^("?)\$(?:[A-Za-z_][A-Za-z0-9_]*|\{[A-Za-z_][A-Za-z0-9_]*\})\1$/.test(raw);
}

/** A path that starts with a variable reference and is otherwise plain: `$HOME/bin/server`. */
function isReferencePath(raw: string): boolean {
  // After a bare name the path goes on with a character no name has, so the two never compete for text.
  return /^("?)\$(?:[A-Za-z_][A-Za-z0-9_]*(?:[@%+=:,./~-][\w@%+=:,./~-]*)?|\{[A-Za-z_][A-Za-z0-9_]*\}[\w@%+=:,./~-]*)\1$/.test(
    raw,
  );
}

/** How a value after `prefix` was written, when the word starts with `prefix` unquoted. */
function rawAfter(raw: string, prefix: string): string | undefined {
  return raw.startsWith(prefix) ? raw.slice(prefix.length) : undefined;
}

function isPlainText(text: string): boolean {
  return text !== "" && text.length <= 4096 && ![...text].some(isControl);
}

function isUrl(text: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:\/\/\S+$/.test(text);
}
