// src/http.ts — the same tools over Streamable HTTP on 127.0.0.1, and a client for them.
import { connectHttp, serveHttp } from "@mcp-specgen/runtime";
import { createClient } from "../generated/client.js";
import { createRegistry } from "../generated/server.js";
import { handlers } from "./handlers.js";

const server = await serveHttp(createRegistry(handlers), {
  name: "greeter",
  version: "1.0.0",
  host: "127.0.0.1",
  port: 0,
});
const connection = await connectHttp({ url: server.url });
try {
  const client = createClient(connection.transport);
  console.log(await client.greeter.getGreeting({ name: "Grace", language: "de" })); // { greeting: "Hallo, Grace!", … }
} finally {
  await connection.close();
  await server.close();
}
