#!/usr/bin/env node
// Thin launcher: the CLI lives in src/cli and is compiled to dist/ by `npm run build`
// (the published package ships it built). `main` never rejects; the handlers below only
// catch what escapes it asynchronously, so the user never sees a raw stack trace.
import module from "node:module";

/** Prints a last-resort error (the stack only with MCP_SPECGEN_DEBUG=1) and exits 1. */
function fatal(message, error) {
  process.stderr.write(
    `mcp-specgen: internal error: ${message}\n  hint: this is a bug in mcp-specgen; please report it with the command you ran (set MCP_SPECGEN_DEBUG=1 to include the stack trace)\n`,
  );
  if (process.env.MCP_SPECGEN_DEBUG === "1" && error instanceof Error && error.stack)
    process.stderr.write(`${error.stack}\n`);
  process.exit(1);
}

// The heap grows as V8 decides. A limit on its growth (once 40% past what a full collection
// kept) held large runs under 1 GiB when they made more garbage; they now stay well under it
// without one, and large runs are quicker with fewer collections (bench/RESULTS.md).

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
