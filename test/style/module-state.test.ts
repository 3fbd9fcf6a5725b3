import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { REPO } from "../helpers/project.js";

// What a run keeps lives in a build session the pipeline is given (src/session/build-session.ts),
// found by content keys; module state holds constants only. These checks keep it so.

/** Every .ts file below `dir` (relative to the repository), `/`-separated. */
function sources(dir: string): string[] {
  return readdirSync(path.join(REPO, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".d.ts"))
    .map((e) => path.relative(REPO, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

const FILES = [...sources("src"), ...sources("generators")];
const text = (file: string) => readFileSync(path.join(REPO, file), "utf8");

describe("module state", () => {
  it("finds the sources", () => {
    expect(FILES).toContain("src/session/build-session.ts");
    expect(FILES).toContain("generators/types/index.ts");
  });

  it("has no empty Map, Set, WeakMap or WeakSet at module level (a cache); constants with their entries are fine", () => {
    const empty =
      /^(?:export )?(?:const|let) [A-Za-z_$][\w$]*(?: *:[^=]+)? *= *new (?:Weak)?(?:Map|Set)(?:<[^(]*>)?\(\)/gm;
    const found = FILES.flatMap((file) => [...text(file).matchAll(empty)].map((m) => `${file}: ${m[0]}`));
    expect(found).toEqual([]);
    // The check does catch one.
    expect("const cache = new WeakMap<object, string>();\n".match(empty)).not.toBeNull();
  });

  it("has no module-level variable in a generator: what a generator keeps goes through its context", () => {
    const variable = /^(?:export )?(?:let|var) [A-Za-z_$][\w$]*/gm;
    const found = FILES.filter((file) => file.startsWith("generators/")).flatMap((file) =>
      [...text(file).matchAll(variable)].map((m) => `${file}: ${m[0]}`),
    );
    expect(found).toEqual([]);
    // The check does catch one.
    expect("let typescript: unknown;\n".match(variable)).not.toBeNull();
  });

  it("asks whether a value is frozen in one place only: the guard that freezes what a memory store keeps", () => {
    const asking = FILES.filter((file) => text(file).includes("Object.isFrozen"));
    expect(asking).toEqual(["src/memo/deep-freeze.ts"]);
  });

  it("lets no generator import the cache, the session or the runner's memo internals, nor read the config", () => {
    const internals = /from "(?:\.\.\/)+src\/(?:cache|build|memo|session)\//;
    const offending = FILES.filter((file) => file.startsWith("generators/") && internals.test(text(file)));
    expect(offending).toEqual([]);
    const readingConfig = FILES.filter((file) => file.startsWith("generators/") && /\bctx\.config\b/.test(text(file)));
    expect(readingConfig).toEqual([]);
  });
});
