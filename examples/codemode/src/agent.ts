// src/agent.ts — code mode: the model reads the declarations, writes a program, and the program runs with only the API in scope.
import { readFileSync } from "node:fs";
import vm from "node:vm";
import { ToolError } from "@mcp-specgen/runtime";
import { createApi } from "../generated/codemode/index.js";
import { createRegistry } from "../generated/server.js";

const GREETINGS = { en: "Hello", fr: "Bonjour", de: "Hallo" } as const;
const registry = createRegistry({
  greeter: { getGreeting: ({ name, language = "en" }) => ({ greeting: `${GREETINGS[language]}, ${name}!`, language }) },
});

/** The model, mocked: given the declarations, it answers with the body of an async function. */
async function model(prompt: string): Promise<string> {
  if (!prompt.includes("function getGreeting(")) throw new Error("the prompt lacks the declarations");
  return `
    const greetings = [];
    for (const language of ["en", "fr", "de"]) {
      const { greeting } = await greeter.getGreeting({ name: "Ada", language });
      greetings.push(greeting);
    }
    try {
      await greeter.getGreeting({ name: "" });
    } catch (error) {
      if (!(error instanceof ToolError)) throw error;
      greetings.push(error.code);
    }
    return greetings;`;
}

/**
 * Runs a program with the bound API and ToolError as its only globals (no require, process,
 * fetch or timers), stopping it after `timeoutMs`. node:vm is NOT a security boundary: a
 * program can escape it. Run programs you do not trust in a separate process, isolate or
 * container (see docs/codemode.md).
 */
async function runProgram(program: string, timeoutMs: number): Promise<unknown> {
  const controller = new AbortController();
  // Aborting stops the calls in flight; `timeout` below bounds only the synchronous part.
  const timer = setTimeout(() => controller.abort(new Error(`the program ran past ${timeoutMs} ms`)), timeoutMs);
  const api = createApi(registry, { signal: controller.signal });
  const context = vm.createContext({ ...api, ToolError });
  try {
    const run = vm.runInContext(`(async () => {${program}\n})()`, context, { timeout: timeoutMs }) as Promise<unknown>;
    const stopped = new Promise<never>((_, reject) =>
      controller.signal.addEventListener("abort", () => reject(controller.signal.reason)),
    );
    return await Promise.race([run, stopped]);
  } finally {
    clearTimeout(timer);
  }
}

const declarations = readFileSync("generated/codemode/api.d.ts", "utf8");
const program = await model(
  `Answer by writing the body of an async JavaScript function that calls these functions:\n${declarations}`,
);
console.log(await runProgram(program, 2_000));
