import { TransportError } from "../errors.js";

/**
 * Loads a module of the official MCP SDK, an optional peer dependency: only the transports
 * that use it need it installed. When it is missing, the error says what to install instead
 * of Node's bare "Cannot find package".
 */
export async function loadSdk<T>(load: () => Promise<T>, feature: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (
      (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") &&
      String((error as Error).message).includes("@modelcontextprotocol/sdk")
    ) {
      throw new TransportError(
        `${feature} needs the official MCP SDK, an optional peer dependency of @mcp-specgen/runtime: run "npm install @modelcontextprotocol/sdk"`,
        { cause: error },
      );
    }
    throw error;
  }
}
