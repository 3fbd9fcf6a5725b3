// `npm run bench`: every benchmark, each reported beside a peer measured in the same run.
// Usage: node --expose-gc bench/run.js [generate|scale|…] [--tools N,N] [--full] [--old=DIR]
//   compare-builds runs only with --old=DIR (another build of mcp-specgen: see compare-builds.js).
import { benchGenerate } from "./generate.js";
import { benchExecute } from "./execute.js";
import { benchMcpStdio } from "./mcp-stdio.js";
import { benchMcpHttp } from "./mcp-http.js";
import { benchPingUnderAttack } from "./ping-under-attack.js";
import { benchHttpFlood } from "./security/http-flood.js";
import { benchValidationBudget } from "./security/validation-budget.js";
import { benchValidationCost } from "./security/validation-cost.js";
import { benchWhereTimeGoes } from "./security/where-time-goes.js";
import { benchStartup } from "./startup.js";
import { benchScale } from "./scale.js";
import { benchRedos, benchSlowPatternsGenerate } from "./security/redos.js";
import { benchPatternCost } from "./security/pattern-cost.js";
import { benchBacktrackingCap } from "./security/backtracking-cap.js";
import { benchVendorInlining } from "./vendor-inlining.js";
import { benchPatternSize } from "./security/pattern-size.js";
import { benchPatternMemory } from "./security/pattern-memory.js";
import { compareBuilds } from "./compare-builds.js";
import { benchCodemodeTokens } from "./codemode-tokens.js";
import { benchDiff } from "./diff.js";
import { benchContractGate } from "./contract-gate.js";
import { benchCatalogue } from "./catalogue.js";
import { benchFmt } from "./fmt.js";

const args = process.argv.slice(2);
const only = args.filter((a) => !a.startsWith("--"));
const toolsArg = args.find((a) => a.startsWith("--tools="));
const counts = toolsArg ? toolsArg.slice(8).split(",").map(Number) : [1000];
const oldArg = args.find((a) => a.startsWith("--old="));

const suites = {
  startup: () => benchStartup(),
  execute: () => benchExecute(),
  "mcp-stdio": () => benchMcpStdio(),
  "mcp-http": () => benchMcpHttp(),
  "ping-under-attack": () => benchPingUnderAttack(),
  "validation-budget": () => benchValidationBudget(),
  "validation-cost": () => benchValidationCost(),
  "http-flood": () => benchHttpFlood(),
  "where-time-goes": () => benchWhereTimeGoes(),
  generate: () => benchGenerate({ counts }),
  diff: async () => {
    const rows = [];
    for (const count of counts) rows.push({ bench: `diff ${count} tools vs check`, ...(await benchDiff({ count })) });
    return rows;
  },
  "contract-gate": async () => {
    const rows = [];
    for (const count of counts)
      rows.push({ bench: `version check ${count} tools vs whole manifest`, ...(await benchContractGate({ count })) });
    return rows;
  },
  scale: () => benchScale({ full: args.includes("--full") || undefined }),
  redos: () => benchRedos(),
  "slow-patterns-generate": () => benchSlowPatternsGenerate(),
  "pattern-cost": () => benchPatternCost(),
  "backtracking-cap": () => benchBacktrackingCap(),
  "vendor-inlining": () => benchVendorInlining(),
  "pattern-size": () => benchPatternSize(),
  "pattern-memory": () => benchPatternMemory(),
  "codemode-tokens": () => benchCodemodeTokens(),
  catalogue: () => benchCatalogue(),
  fmt: () => benchFmt(),
  "compare-builds": async () => (await compareBuilds({ oldDir: oldArg.slice(6) })).rows,
};

for (const [name, run] of Object.entries(suites)) {
  if (only.length && !only.includes(name)) continue;
  if (name === "compare-builds" && !oldArg) continue;
  console.log(`\n## ${name}`);
  const rows = await run();
  // Long per-phase timings go below the table, which stays readable.
  console.table(rows.map(({ phases: _phases, ...row }) => row));
  for (const row of rows) if (row.phases) console.log(`  ${row.bench}: ${row.phases}`);
}
