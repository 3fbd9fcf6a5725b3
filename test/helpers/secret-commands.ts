import fc from "fast-check";
import { quoteShellWord } from "../../src/import/shell-words.js";

// Random command lines holding one secret (a canary) in one of the forms people use, at a
// random place, for the properties of test/import-recorded-command.test.ts and
// test/import-secrets.test.ts. Every program here is one bench/security/secret-forms.js shims.

/** A distinctive secret: no program, option or word of a command contains it. */
export const canaryArbitrary = fc.stringMatching(/^[A-Za-z0-9]{6,12}$/).map((s) => `Cnry${s}`);

/** The base64 form of the secret, as one of the forms writes it. */
export const base64Of = (c: string) => Buffer.from(`user:${c}`).toString("base64");

/** A secret in one of the forms people put them on a command line, `c` being its value. */
const secretArgument = (c: string) =>
  fc.constantFrom(
    ["--token", c],
    [`--api-key=${c}`],
    [`--access-token:${c}`],
    ["-t", c],
    [`-p${c}`],
    ["-Token", c],
    [c],
    [`ghp_${c}`],
    [`sk-${c}`],
    [`API_KEY=${c}`],
    ["-e", `KEY=${c}`],
    ["--config", `{"auth":{"token":"${c}"}}`],
    ["--header", `Authorization: Bearer ${c}`],
    [`https://h.example/mcp?k=${c}`],
    [`https://u:${c}@h.example/mcp`],
    [`https://h.example/mcp#access_token=${c}`],
    [`postgres://app:${c}@db/prod`],
    [base64Of(c)],
  );

const safeArgument = fc.constantFrom(
  ["stdio"],
  ["--verbose"],
  ["-y"],
  ["--port", "8080"],
  ["--transport", "sse"],
  ["/tmp"],
);
const program = fc.constantFrom(
  "npx -y @x/server",
  "node server.js",
  "my-mcp-server",
  "docker run -i --rm img",
  "uvx pkg",
);
/** A word as people quote it: bare or single-quoted as needed, or double-quoted. */
const quoted = (word: string) => fc.constantFrom(quoteShellWord(word), JSON.stringify(word).replace(/[$`]/g, "\\$&"));

/** A command with the secret `c` in one random form, at a random place, maybe inside `sh -c '…'`. */
export function commandWithSecret(c: string): fc.Arbitrary<string> {
  return fc
    .tuple(
      program,
      fc.array(safeArgument, { maxLength: 3 }),
      secretArgument(c).chain((words) => fc.tuple(...words.map(quoted))),
      fc.array(safeArgument, { maxLength: 3 }),
      fc.constantFrom("plain", "env", "assignment", "sh -c", "bash -c"),
    )
    .map(([p, before, secret, after, wrap]) => {
      const line = [p, ...before.flat().map(quoteShellWord), ...secret, ...after.flat().map(quoteShellWord)].join(" ");
      if (wrap === "env") return `env A=1 ${line}`;
      if (wrap === "assignment") return `X_TOKEN=${quoteShellWord(c)} ${line}`;
      if (wrap === "plain") return line;
      return `${wrap} ${quoteShellWord(line)}`;
    });
}
