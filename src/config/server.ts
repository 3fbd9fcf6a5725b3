import { readFileSync } from "node:fs";
import path from "node:path";

// The server's identity is the project's, not one generator's: manifest.json records it,
// the MCP `serverInfo` of a generated server shows it, and any generator (a custom one
// writing a Dockerfile or a README, say) may read it. So it stays a top-level key, `server`,
// beside `inputs` and `outDir`, rather than an option of the generator that happens to
// read it today.

/** Name and version of the server (`server` in the config). */
export interface ServerOptions {
  /**
   * The server's name, in manifest.json and the MCP `serverInfo`.
   * @default the "name" of package.json, else "mcp-specgen-server"
   */
  name?: string;
  /**
   * The server's version.
   * @default "0.0.0"
   */
  version?: string;
}

/** The name of a server when neither the config nor package.json names it. */
export const DEFAULT_SERVER_NAME = "mcp-specgen-server";
/** The version of a server when the config does not give one. */
export const DEFAULT_SERVER_VERSION = "0.0.0";

/**
 * The server's name and version with the defaults applied (the name from the package.json
 * in `cwd`), or the problem with what the config sets.
 */
export function resolveServer(cwd: string, user: unknown): { server: Required<ServerOptions> } | { problem: string } {
  if (user !== undefined && (user === null || typeof user !== "object" || Array.isArray(user)))
    return { problem: "server must be an object: { name, version }" };
  const { name, version } = (user ?? {}) as Record<string, unknown>;
  for (const [key, value] of [
    ["name", name],
    ["version", version],
  ] as const)
    if (value !== undefined && typeof value !== "string") return { problem: `server.${key} must be a string` };
  return {
    server: {
      name: (name as string | undefined) ?? readPackageName(cwd) ?? DEFAULT_SERVER_NAME,
      version: (version as string | undefined) ?? DEFAULT_SERVER_VERSION,
    },
  };
}

function readPackageName(cwd: string): string | undefined {
  try {
    // npm accepts a package.json that starts with a byte order mark; JSON.parse does not.
    const pkg = JSON.parse(readFileSync(path.join(cwd, "package.json"), "utf8").replace(/^\uFEFF/, "")) as {
      name?: unknown;
    };
    return typeof pkg.name === "string" ? pkg.name : undefined;
  } catch {
    return undefined;
  }
}
