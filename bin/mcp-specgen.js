#!/usr/bin/env node
// Thin launcher: the CLI lives in src/cli and is compiled to dist/ by `npm run build`
// (the published package ships it built). `main` never rejects; the handlers below only
// catch what escapes it asynchronously, so the user never sees a raw stack trace.
import module from "node:module";
import v8 from "node:v8";

/** Prints a last-resort error (the stack only with MCP_SPECGEN_DEBUG=1) and exits 1. */
function fatal(message, error) {
  process.stderr.write(
    `mcp-specgen: internal error: ${message}\n  hint: this is a bug in mcp-specgen; please report it with the command you ran (set MCP_SPECGEN_DEBUG=1 to include the stack trace)\n`,
  );
  if (process.env.MCP_SPECGEN_DEBUG === "1" && error instanceof Error && error.stack)
    process.stderr.write(`${error.stack}\n`);
  process.exit(1);
}

// Let the heap grow by 40% past what a full garbage collection kept, instead of V8's up to
// 100%: a large run makes most of its garbage in big strings and parse trees, and by
// default ends with a heap that is mostly garbage (10,000 tools: 1.3 GB peak RSS, 0.9 GB
// with 40%). Only this process, the CLI's own; code that imports the library keeps its heap.
// Not for `generate --watch`: its rebuilds are small, and more collections only slow them
// (a rebuild at 1,000 tools took about 40 ms longer with the setting).
if (!process.argv.includes("--watch")) v8.setFlagsFromString("--heap-growing-percent=40");

// Node.js 22.1+ can keep the compiled code of loaded modules on disk between runs (checked
// against each file's contents), which shortens every start; older versions lack it.
module.enableCompileCache?.();

let cli;
try {
  cli = await import("../dist/src/cli/main.js");
} catch (e) {
  fatal(
    `cannot load the compiled CLI (${e instanceof Error ? e.message.split("\n")[0] : String(e)}); run "npm run build"`,
    e,
  );
}

process.on("uncaughtException", (e) => fatal(e instanceof Error ? e.message.split("\n")[0] : String(e), e));
process.on("unhandledRejection", (e) => fatal(e instanceof Error ? e.message.split("\n")[0] : String(e), e));
// A closed pipe (`mcp-specgen lint | head`) is not an error of ours: stop quietly.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (e) => (e.code === "EPIPE" ? process.exit(process.exitCode ?? 0) : fatal(e.message, e)));
}

process.exitCode = await cli.main(process.argv.slice(2));
