// src/everything.ts — a typed client for a server someone else wrote, from its imported tool list.
import { connectStdio } from "@mcp-specgen/runtime";
import { createModuleClient } from "../generated/client.js";

const connection = await connectStdio({ command: "npx", args: ["mcp-server-everything", "stdio"], stderr: "ignore" });
try {
  const everything = createModuleClient("everything", connection.transport);
  console.log(await everything.getSum({ a: 2, b: 3 })); // the server's answer, typed from its output schema
} finally {
  await connection.close(); // stops the server process, so the script ends
}
