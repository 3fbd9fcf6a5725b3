// A worker thread of `parseFiles`: parses the spec texts it is sent, one message per file,
// and answers each with its tools and diagnostics (plain data, copied back by the thread
// message). It reads no files and writes none: the text comes from the main thread.
import { parentPort } from "node:worker_threads";
import { parseSpecText } from "../parse/index.js";
import type { SpecLimits } from "../parse/limits.js";
import { parseHere } from "./parse-files.js";

parentPort?.on("message", (spec: { file: string; text: string; limits: SpecLimits }) => {
  parentPort!.postMessage(parseHere(spec, spec.limits, parseSpecText));
});
