import { configDefaults, defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// Two projects, run together by `npm test` (`vitest run`), or alone:
//   npm run test:unit   — in-process tests: parsers, checks, generators, the CLI run in
//                         process on temporary directories, the runtime (seconds);
//   npm run test:e2e    — tests that leave the test process: child processes (tsc, node,
//                         npm, MCP servers over stdio), sockets, npm pack, bundlers.
// A test file is a unit test unless it is listed here.
const E2E = [
  "test/package/**/*.test.ts",
  "test/generated-builds.test.ts",
  "test/golden-compile.test.ts",
  "test/readme.test.ts",
  "test/example-server.test.ts",
  "test/import.test.ts",
  "test/import-limits-live.test.ts",
  "test/import-secrets.test.ts",
  "test/namespaces.test.ts",
  "test/types.test.ts",
  "test/generated.test.ts",
  "test/bin.test.ts",
  "test/bin-loads.test.ts",
  "test/config/typescript-config-bin.test.ts",
  "test/bin-watch.test.ts",
  "test/corpus/**/*.test.ts",
  "test/mcp/client.test.ts",
  "test/mcp/client-sdk-choice.test.ts",
  "test/mcp/hostile-handlers.test.ts",
  "test/mcp/watchdog.test.ts",
  "test/mcp/http-hardening.test.ts",
  "test/mcp/http-server.test.ts",
  "test/mcp/stdio-server.test.ts",
  "test/mcp/sdk-client.test.ts",
  "test/mcp/sdk-server.test.ts",
  "test/mcp/protocol-2026.test.ts",
  "test/client/sdk-client.test.ts",
  "test/runtime/standard-schema.test.ts",
  "test/vendors/sdk-types.test.ts",
  "test/security/frames.test.ts",
  "test/security/canary.test.ts",
  "test/security/broken-output.test.ts",
  "test/security/watchdog-suspend.test.ts",
  "test/security/import-orphan.test.ts",
  "test/security/watchdog-permission.test.ts",
  "test/security/watchdog-off.test.ts",
  "test/security/fuzz.test.ts",
  "test/runtime/declarations.test.ts",
  "test/generators/requirements-compile.test.ts",
  "test/generators/custom-example-compile.test.ts",
  "test/diagnostics/docs.test.ts",
  "test/cache/workers.test.ts",
  "test/codemode/acceptance.test.ts",
  "test/catalogue/browser.test.ts",
];

// The longest files of each project, in this order, start before its other files, also when
// vitest has timed no run (a fresh clone, as in CI, where it would start the largest files
// first): the short files fill in beside them, and none of the long ones starts last. The
// others follow in vitest's default order (longest first as timed by the last run). The
// order is taken from the times in bench/RESULTS.md (sections "Test suite time" and "Test
// suite CPU").
const FIRST = [
  "test/package/tarball.test.ts",
  // Not among the longest alone, but several times longer in a worker that has compiled many
  // regular expressions (pattern-equivalence's random ones) and much code (a generate run):
  // past that, V8 compiles new regular expressions without optimizing them, for the rest of
  // the process, and this file scans every code point with hundreds of them. It starts
  // first, in a fresh worker.
  "test/runtime/pattern-properties.test.ts",
  "test/cache/incremental.test.ts",
  "test/ir/clone-invariance.test.ts",
  "test/parse/lezer/differential.test.ts",
  "test/import-roundtrip.test.ts",
  "test/cache/workers.test.ts",
  "test/vendors/converters-property.test.ts",
  "test/readme.test.ts",
  "test/fmt/format.test.ts",
  "test/parse/sectioned-parse.test.ts",
  "test/config/typescript-config-bin.test.ts",
  "test/vendors/strict-round-trip.test.ts",
  "test/diff/contracts.test.ts",
  "test/corpus/corpus.test.ts",
  "test/mcp/protocol-2026.test.ts",
  "test/catalogue/render.test.ts",
  "test/parse/mutation.test.ts",
  "test/runtime/pattern-equivalence.test.ts",
];

/**
 * The e2e files first, then the unit files (as vitest orders projects); within each, the
 * FIRST files in their order, then vitest's. A worker is kept for the next file only when
 * that file is of the same project (isolate: false): with the projects mixed, a new worker,
 * loading every module again, starts each time the next file is of the other project.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = FIRST.findIndex((first) => f.moduleId.endsWith(first));
      return i === -1 ? FIRST.length : i;
    };
    const project = (f: TestSpecification) => (f.project.name === "e2e" ? 0 : 1);
    return sorted
      .map((f, i) => ({ f, i }))
      .sort((a, b) => project(a.f) - project(b.f) || rank(a.f) - rank(b.f) || a.i - b.i)
      .map(({ f }) => f);
  }
}

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Three workers on two cores: the e2e files spend much of their time waiting for the
    // processes they start. Files of a project share a worker and its loaded modules
    // (isolate: false below), which halves the suite's CPU time: a helper module is loaded
    // once per worker, so it must not register hooks when it loads (use onTestFinished).
    maxWorkers: 3,
    // The CLI's child processes use this disk cache key (test/helpers/project.ts: TEST_ENV),
    // not one made in the home directory of whoever runs the tests.
    env: { MCP_SPECGEN_CACHE_KEY: "mcp-specgen tests: a cache key that is no secret" },
    sequence: { sequencer: LongestFirst },
    coverage: {
      provider: "v8",
      include: ["src/**/*.ts", "generators/**/*.ts", "packages/runtime/src/**/*.ts"],
      reporter: ["text-summary", "json-summary", "html"],
      reportsDirectory: ".vitest-tmp/coverage",
      reportOnFailure: true,
    },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...E2E],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: E2E,
          isolate: false,
        },
      },
    ],
  },
});
