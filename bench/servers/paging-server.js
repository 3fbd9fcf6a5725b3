// A fake MCP server whose tools/list misbehaves, for `import`'s limits
// (bench/security/import-endless.js and test/import-limits.test.ts). Plain JSON-RPC, no SDK,
// so it starts fast. Served over stdio when run as a script, over HTTP on 127.0.0.1
// through `startPagingHttpServer`.
//
// Modes (the first argument, or the HTTP server's option):
//   ok          one page of two tools, no cursor
//   pages:N     N pages of 10 tools each, then the end
//   endless     pages of 10 tools forever, each with a new cursor
//   cycle       cursors c1 → c2 → c3 → c1 … (3 pages of 10 tools, again and again)
//   stall:N     N pages with a next cursor, then no answer to the next page, ever
//   huge        a tools/list answer that never ends: one line of tools, written forever
//
// `--report FILE` (stdio) writes {pages, bytes} there when the process ends, so a benchmark
// can tell how much the server sent. Stdio: the process exits when its stdin closes, and by
// itself after 60 s at the latest.
import { createServer } from "node:http";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const PAGE_SIZE = 10;
const TOOL = (n) => ({
  name: `tool_${n}`,
  description: `Tool number ${n}`,
  inputSchema: { type: "object", properties: { x: { type: "number" } } },
});

/** What a mode answers to tools/list: a result, "stall" (no answer) or "huge" (an endless stream). */
export function listAnswer(mode, cursor) {
  const [kind, arg] = String(mode).split(":");
  const page = cursor ? Number(String(cursor).replace(/^c/, "")) : 0;
  const tools = (count) => Array.from({ length: count }, (_, i) => TOOL(page * PAGE_SIZE + i));
  switch (kind) {
    case "ok":
      return { tools: [TOOL(0), TOOL(1)] };
    case "pages":
      return page + 1 < Number(arg)
        ? { tools: tools(PAGE_SIZE), nextCursor: `c${page + 1}` }
        : { tools: tools(PAGE_SIZE) };
    case "endless":
      return { tools: tools(PAGE_SIZE), nextCursor: `c${page + 1}` };
    case "cycle":
      return { tools: tools(PAGE_SIZE), nextCursor: `c${(page + 1) % 3}` };
    case "stall":
      return page < Number(arg) ? { tools: tools(PAGE_SIZE), nextCursor: `c${page + 1}` } : "stall";
    case "huge":
      return "huge";
    default:
      throw new Error(`unknown mode ${mode}`);
  }
}

/**
 * The answer to one JSON-RPC message in `mode`: a response, undefined for a notification,
 * "stall" (never answer) or "huge" (an endless answer, written by the transport).
 */
export function answerMessage(mode, message, counters) {
  const reply = (result) => ({ jsonrpc: "2.0", id: message.id, result });
  switch (message.method) {
    case "initialize":
      return reply({
        protocolVersion: message.params?.protocolVersion ?? "2025-06-18",
        capabilities: { tools: { listChanged: false } },
        serverInfo: { name: "paging", version: "1.0.0" },
      });
    case "tools/list": {
      counters.pages++;
      const result = listAnswer(mode, message.params?.cursor);
      return typeof result === "string" ? result : reply(result);
    }
    case "ping":
      return reply({});
    default:
      return message.id === undefined
        ? undefined
        : { jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "Method not found" } };
  }
}

/** Writes an endless tools/list answer to `out`, honouring backpressure, until `out` closes. */
function writeHuge(out, id, counters) {
  const head = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"tools":[`;
  const chunk = Array.from({ length: 200 }, (_, i) => `${JSON.stringify(TOOL(i))},`).join("");
  let open = true;
  out.on("close", () => (open = false));
  out.on("error", () => (open = false));
  const pump = () => {
    while (open) {
      counters.bytes += chunk.length;
      if (!out.write(chunk)) return out.once("drain", pump);
    }
  };
  counters.bytes += head.length;
  out.write(head);
  pump();
}

function serveStdio(mode, reportFile) {
  const counters = { pages: 0, bytes: 0 };
  const report = () => reportFile && writeFileSync(reportFile, JSON.stringify(counters));
  let pending = "";
  process.stdin.setEncoding("utf8");
  process.stdin.on("data", (text) => {
    pending += text;
    for (let nl = pending.indexOf("\n"); nl >= 0; nl = pending.indexOf("\n")) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      if (!line.trim()) continue;
      const message = JSON.parse(line);
      const out = answerMessage(mode, message, counters);
      if (out === "huge") writeHuge(process.stdout, message.id, counters);
      else if (out && out !== "stall") {
        const text = `${JSON.stringify(out)}\n`;
        counters.bytes += Buffer.byteLength(text);
        process.stdout.write(text);
      }
    }
  });
  const end = () => {
    report();
    process.exit(0);
  };
  process.stdin.on("end", end);
  process.stdout.on("error", end);
  process.on("SIGTERM", end);
  setTimeout(end, 60_000).unref();
}

/**
 * Starts the fake server on 127.0.0.1 (any path answers MCP, JSON responses, no sessions).
 * Resolves to its base URL, its counters and `close()`.
 */
export async function startPagingHttpServer(mode) {
  const counters = { pages: 0, bytes: 0 };
  const server = createServer((req, res) => {
    if (req.method !== "POST") {
      res.writeHead(405, { allow: "POST" }).end();
      return;
    }
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (t) => (body += t));
    req.on("end", () => {
      const message = JSON.parse(body);
      const out = answerMessage(mode, message, counters);
      if (out === undefined) res.writeHead(202).end();
      else if (out === "stall") req.socket.setTimeout(60_000, () => req.socket.destroy());
      else if (out === "huge") {
        res.writeHead(200, { "content-type": "application/json" });
        writeHuge(res, message.id, counters);
      } else {
        const text = JSON.stringify(out);
        counters.bytes += Buffer.byteLength(text);
        res.writeHead(200, { "content-type": "application/json" }).end(text);
      }
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    counters,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const reportAt = args.indexOf("--report");
  serveStdio(args[0] ?? "ok", reportAt >= 0 ? args[reportAt + 1] : undefined);
}
