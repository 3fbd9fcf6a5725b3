import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startPagingHttpServer } from "../bench/servers/paging-server.js";
import { SECRET_FORMS, shimDirectory } from "../bench/security/secret-forms.js";
import { runCli } from "./helpers/project.js";
import { base64Of, canaryArbitrary, commandWithSecret } from "./helpers/secret-commands.js";

// `import` run for real on each common way of putting a secret on a server's command line or
// in its URL (bench/security/secret-forms.js: the programs are shims that start a fake
// server, so every import completes and writes its spec). No secret may appear in any file
// import writes, in what `generate` and `check` then write from those specs, or in import's
// stdout and stderr.
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : 20261127;

let dir: string;
let env: { PATH: string };
let server: Awaited<ReturnType<typeof startPagingHttpServer>>;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "import-secrets-"));
  env = { PATH: `${shimDirectory(path.join(dir, "bin"))}${path.delimiter}${process.env.PATH}` };
  server = await startPagingHttpServer("ok");
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every file below `root`, with its text. */
function filesBelow(root: string): Array<{ file: string; text: string }> {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const file = path.join(e.parentPath, e.name);
      return { file: path.relative(root, file), text: readFileSync(file, "latin1") };
    });
}

function leaks(secrets: readonly string[], texts: Array<{ file: string; text: string }>): string[] {
  return texts.filter(({ text }) => secrets.some((s) => text.includes(s))).map(({ file }) => file);
}

describe(`import writes no secret (${SECRET_FORMS.length} command-line and URL forms)`, () => {
  it("in any file it writes, in generate's and check's output from them, or on stdout and stderr", async () => {
    expect(SECRET_FORMS.length).toBeGreaterThanOrEqual(30);
    const project = path.join(dir, "forms");
    const output: Array<{ file: string; text: string }> = [];
    // A few at a time: each import mostly waits for its server to start.
    const importForm = async (i: number) => {
      const form = SECRET_FORMS[i]!;
      const command = typeof form.stdio === "function" ? form.stdio(path.join(dir, "bin")) : form.stdio;
      const source = command !== undefined ? ["--stdio", command] : ["--url", form.url!(server.url)];
      const r = await runCli(["import", ...source, "--name", `form_${i}`], project, { env });
      expect(r.code, `${form.form}: ${r.stderr}`).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^mcp-specgen import: 2 tools → specs/form_${i}/`));
      // Every value was left out, and import says what it recorded instead.
      expect(r.stderr).toMatch(
        /^mcp-specgen import: the spec records the (command|URL) as .*: values that may be secrets are not recorded$/m,
      );
      output.push({ file: `stdout/stderr of ${form.form}`, text: r.stdout + r.stderr });
    };
    for (let i = 0; i < SECRET_FORMS.length; i += 4)
      await Promise.all([i, i + 1, i + 2, i + 3].filter((j) => j < SECRET_FORMS.length).map(importForm));
    const all = SECRET_FORMS.flatMap((f) => f.secrets);
    expect(leaks(all, [...filesBelow(project), ...output])).toEqual([]);
    // The header is prose to `generate` and `check`: they read the specs as before, and write no secret either.
    const generated = await runCli(["generate"], project);
    expect(generated.code, generated.stderr).toBe(0);
    const checked = await runCli(["check"], project);
    expect(checked.code, checked.stderr).toBe(0);
    expect(leaks(all, filesBelow(project))).toEqual([]);
    expect(filesBelow(project).some((f) => f.file.startsWith("generated"))).toBe(true);
  });
});

describe(`property: random commands with a secret in a random form and place (seed ${SEED}, ${RUNS} runs)`, () => {
  it("import writes and prints no part of it", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        canaryArbitrary.chain((c) => fc.tuple(fc.constant(c), commandWithSecret(c))),
        async ([c, command]) => {
          const project = path.join(dir, `random-${run++}`);
          const r = await runCli(["import", "--stdio", command, "--name", "random"], project, { env });
          expect(r.code, `${command}: ${r.stderr}`).toBe(0);
          const found = leaks(
            [c, base64Of(c)],
            [...filesBelow(project), { file: "stdout/stderr", text: r.stdout + r.stderr }],
          );
          expect(found, command).toEqual([]);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
