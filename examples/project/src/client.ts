// src/client.ts — starts the server and calls its tool through the typed client.
import { connectStdio } from "@mcp-specgen/runtime";
import { createClient } from "../generated/client.js";

async function main(): Promise<void> {
  const connection = await connectStdio({ command: process.execPath, args: ["dist/src/server.js"] });
  try {
    const client = createClient(connection.transport);
    const { greeting } = await client.greeter.getGreeting({ name: "Ada", language: "fr" });
    console.log(greeting); // Bonjour, Ada!
  } finally {
    await connection.close(); // stops the server process, so the script ends
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
