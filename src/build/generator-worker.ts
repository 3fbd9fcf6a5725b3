// A worker thread running built-in generators one after another (see offload.ts): it gets
// the run's IR, names, each generator's options and the run's facts as plain data, and
// answers once per generator with its files, the findings reported and what `ctx.memo`
// computed. It reads no files and writes none.
import { parentPort, workerData } from "node:worker_threads";
import { GENERATORS } from "../../generators/index.js";
import type { GeneratorName } from "../generator-kit/names.js";
import { contextKey, generatorContext, generatorMemoKey, perToolIn, toolIdentities } from "./context.js";
import type { GeneratorDiagnostic } from "../generator-kit/contract.js";
import type { OffloadInput, OffloadJob, OffloadMessage, OffloadOutcome } from "./offload.js";

const input = workerData as OffloadInput;
const identity = toolIdentities(input.names);

async function run(job: OffloadJob): Promise<OffloadOutcome | undefined> {
  const reported: GeneratorDiagnostic[] = [];
  const memos: Array<[string, unknown]> = [];
  const facts = { ...input, name: job.name, options: job.options };
  const context = contextKey(facts);
  const ctx = generatorContext({
    ...facts,
    outputs: new Map(),
    report: (d) => reported.push({ ...d }),
    // The main thread's store is not reachable from here: compute, and send the result back
    // to be stored under the key the main thread would have used.
    memo: async (part, memoInput, compute) => {
      const from = reported.length;
      const value = await compute();
      memos.push([generatorMemoKey(context, part, memoInput), { value, reports: reported.slice(from) }]);
      return value;
    },
    perTool: perToolIn(undefined, context, identity),
    shared: perToolIn(undefined, "shared", identity),
    identity,
  });
  try {
    const files = await GENERATORS[job.name as GeneratorName].generate(ctx);
    return { files, reports: reported, memos };
  } catch {
    // The main thread runs the generator again and reports the failure exactly as it would have.
    return undefined;
  }
}

for (const job of input.jobs) {
  const message: OffloadMessage = { name: job.name, outcome: (await run(job)) ?? null };
  parentPort!.postMessage(message);
}
