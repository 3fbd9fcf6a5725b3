// A small node:http → fetch adapter for the SDK v2 HTTP peers (the SDK's own
// `toNodeHandler` lives in `@modelcontextprotocol/node`, which the benchmark does
// not install): each request becomes a web `Request` carrying the raw body bytes
// (the SDK reads and parses it itself, as on Workers/Bun/Deno), and the `Response`
// is written back, streamed chunk by chunk when it is an SSE stream.
import { createServer } from "node:http";

/** Wraps `fetch(Request) → Promise<Response>` as a node:http request listener. */
export function toNodeListener(fetch) {
  return async (req, res) => {
    const controller = new AbortController();
    res.once("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    try {
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
      }
      const hasBody = req.method !== "GET" && req.method !== "HEAD" && chunks.length > 0;
      const request = new Request(`http://${req.headers.host ?? "127.0.0.1"}${req.url}`, {
        method: req.method,
        headers,
        body: hasBody ? Buffer.concat(chunks) : undefined,
        signal: controller.signal,
      });
      const response = await fetch(request);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body === null) {
        res.end();
        return;
      }
      for await (const chunk of response.body) res.write(chunk);
      res.end();
    } catch (err) {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(err?.message ?? err));
    }
  };
}

/** Serves `fetch` on 127.0.0.1 (a free port) and prints the MCP URL on the first stdout line. */
export function listenFetch(fetch) {
  const http = createServer(toNodeListener(fetch));
  http.listen(0, "127.0.0.1", () => console.log(`http://127.0.0.1:${http.address().port}/mcp`));
  return http;
}
