// The HTTP ceiling: a bare node:http JSON-RPC responder (no MCP transport, no
// sessions, no validation) answering with a result of get_sum's shape as JSON.
// Prints its URL on the first stdout line.
import { createServer } from "node:http";

const http = createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const message = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    if (message.id === undefined) {
      res.writeHead(202).end();
      return;
    }
    let result = {};
    if (message.method === "tools/call") {
      const { a, b } = message.params.arguments;
      const data = { sum: a + b };
      result = { content: [{ type: "text", text: JSON.stringify(data) }], structuredContent: data };
    } else if (message.method === "initialize") {
      result = {
        protocolVersion: message.params.protocolVersion,
        capabilities: { tools: {} },
        serverInfo: { name: "echo", version: "1" },
      };
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ jsonrpc: "2.0", id: message.id, result }));
  });
});
http.listen(0, "127.0.0.1", () => console.log(`http://127.0.0.1:${http.address().port}/mcp`));
