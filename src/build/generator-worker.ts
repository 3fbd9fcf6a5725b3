// A worker thread running one built-in generator (see offload.ts): it gets the run's IR,
// names, the generator's options and the run's facts as plain data, and answers once with
// the files, the findings reported and what `ctx.memo` computed. It reads no files and
// writes none.
import { parentPort, workerData } from "node:worker_threads";
import { GENERATORS } from "../../generators/index.js";
import type { GeneratorName } from "../generator-kit/names.js";
import { contextKey, generatorContext, generatorMemoKey, perToolIn, toolIdentities } from "./context.js";
import type { GeneratorDiagnostic } from "../generator-kit/contract.js";
import type { OffloadInput, OffloadOutcome } from "./offload.js";

const input = workerData as OffloadInput;

async function run(): Promise<OffloadOutcome | undefined> {
  const reported: GeneratorDiagnostic[] = [];
  const memos: Array<[string, unknown]> = [];
  const context = contextKey(input);
  const identity = toolIdentities(input.names);
  const ctx = generatorContext({
    ...input,
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
    const files = await GENERATORS[input.name as GeneratorName].generate(ctx);
    return { files, reports: reported, memos };
  } catch {
    // The main thread runs the generator again and reports the failure exactly as it would have.
    return undefined;
  }
}

void run().then((outcome) => parentPort!.postMessage(outcome ?? null));
