// A worker thread of `parseFiles`: parses the spec texts it is sent, one message per file
// (the next is sent once this one is answered), and answers each with its tools and
// diagnostics (plain data, copied back by the thread message). It reads no files and writes
// none: the text comes from the main thread. Like the main thread, it loads the Markdown
// parser only once it is sent a Markdown file.
import { parentPort } from "node:worker_threads";
import type { SpecLimits } from "../parse/limits.js";
import { loadSpecTextParser } from "../parse/spec-text-parser.js";
import { parseHere } from "./parse-files.js";

parentPort?.on("message", async (spec: { file: string; text: string; limits: SpecLimits }) => {
  const parse = await loadSpecTextParser([spec.file]);
  parentPort!.postMessage(parseHere(spec, spec.limits, parse));
});
