import { TransportError } from "../errors.js";

/**
 * The error to throw when importing a module of the official MCP SDK 1.x, an optional
 * peer dependency, failed for `feature`: when it is not installed, a TransportError that
 * says what to install instead of Node's bare "Cannot find package"; else `error`.
 *
 * Call sites await the dynamic import directly inside a `try` of their own: bundlers such as esbuild
 * accept an import they cannot resolve only there, so a project that bundles the runtime
 * without every optional SDK still builds.
 */
export function sdkLoadError(error: unknown, feature: string): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (
    (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") &&
    String((error as Error).message).includes("@modelcontextprotocol/sdk")
  ) {
    return new TransportError(
      `${feature} needs the official MCP SDK, an optional peer dependency of @mcp-specgen/runtime: run "npm install @modelcontextprotocol/sdk"`,
      { cause: error },
    );
  }
  return error;
}
