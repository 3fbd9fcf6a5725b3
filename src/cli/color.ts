import type { DiagnosticPart } from "../diagnostics/format.js";

/** Environment variables, as `process.env` has them. */
export type Env = Readonly<Record<string, string | undefined>>;

/**
 * Whether to colour a stream. In order: `FORCE_COLOR` set to anything but "0" or "false"
 * turns colour on even when the stream is not a terminal (and "0"/"false" turns it off);
 * otherwise `NO_COLOR` set to a non-empty value turns it off (https://no-color.org);
 * otherwise only terminals get colour, and not `TERM=dumb` ones. Callers never colour
 * JSON output.
 */
export function colorEnabled(isTTY: boolean, env: Env): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== "0" && force !== "false";
  if (env.NO_COLOR) return false;
  return isTTY && env.TERM !== "dumb";
}

// SGR codes: [on, off]. Each style turns off only its own attribute, so styles nest.
const SGR = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  cyan: [36, 39],
} as const;
export type Style = keyof typeof SGR;

/** `text` in the given styles (innermost last) when `enabled`, else unchanged. */
export function styled(enabled: boolean, styles: readonly Style[], text: string): string {
  if (!enabled) return text;
  return (styles ?? []).reduceRight((t, s) => `\x1b[${SGR[s][0]}m${t}\x1b[${SGR[s][1]}m`, text);
}

/** How each part of a diagnostic is styled. */
const DIAGNOSTIC_STYLES: Record<DiagnosticPart, readonly Style[]> = {
  location: ["bold"],
  error: ["bold", "red"],
  warning: ["bold", "yellow"],
  info: ["cyan"],
  code: ["dim"],
  help: ["cyan"],
};

/** A painter for `formatStyledDiagnostic`: colours when `enabled`, plain text otherwise. */
export function diagnosticPaint(enabled: boolean): (part: DiagnosticPart, text: string) => string {
  return (part, text) => styled(enabled, DIAGNOSTIC_STYLES[part], text);
}
