// The ceiling: a bare JSON-RPC line echo. Parses each line and answers with a
// result of the same shape as get_sum's, no validation, no protocol logic.
process.stdin.setEncoding("utf8");
let buffer = "";
process.stdin.on("data", (chunk) => {
  const text = buffer + chunk;
  let start = 0;
  let out = "";
  for (let nl = text.indexOf("\n"); nl !== -1; nl = text.indexOf("\n", start)) {
    const line = text.slice(start, nl);
    start = nl + 1;
    if (line.length === 0) continue;
    const message = JSON.parse(line);
    if (message.id === undefined) continue;
    let result;
    if (message.method === "tools/call") {
      const { a, b } = message.params.arguments;
      const data = { sum: a + b };
      result = { content: [{ type: "text", text: JSON.stringify(data) }], structuredContent: data };
    } else if (message.method === "initialize") {
      result = {
        protocolVersion: message.params.protocolVersion,
        capabilities: { tools: {} },
        serverInfo: { name: "echo", version: "1.0.0" },
      };
    } else result = {};
    out += JSON.stringify({ jsonrpc: "2.0", id: message.id, result }) + "\n";
  }
  buffer = text.slice(start);
  if (out.length > 0) process.stdout.write(out);
});
