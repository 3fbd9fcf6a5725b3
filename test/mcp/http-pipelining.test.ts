/**
 * serveHttp and HTTP/1.1 pipelining: a request written behind another on the same
 * connection is handled only once the answer before it has been sent, so a client
 * that does not read gets nothing more computed, and few requests may wait so.
 * Assertions on statuses, order and the server's counters, never on durations.
 * Loopback only; every server and socket is closed after.
 */
import type { Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { serveHttp, type HttpServerOptions, type McpHttpServerHandle } from "@mcp-specgen/runtime";
import { MAX_PIPELINED_REQUESTS } from "../../packages/runtime/src/mcp/http-pipeline.js";
import { waitFor } from "./helpers.js";
import { call, collect, Gate, limitsRegistry, openSession, ping, post, rawRequest, rawSocket } from "./http-raw.js";

let servers: McpHttpServerHandle[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function start(options: HttpServerOptions, gate = new Gate(), ran: string[] = []) {
  const server = await serveHttp(
    limitsRegistry(gate, (tag) => ran.push(tag)),
    options,
  );
  servers.push(server);
  return server;
}

async function socketTo(server: McpHttpServerHandle): Promise<Socket> {
  const socket = await rawSocket(server);
  sockets.push(socket);
  return socket;
}

/** The statuses of the HTTP responses in a raw socket's text, in order. */
function statuses(text: string): number[] {
  return [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
}

/** The ids of the JSON-RPC responses in a raw socket's text (JSON bodies), in order. */
function answeredIds(text: string): unknown[] {
  return [...text.matchAll(/"id":("[^"]*"|\d+)/g)].map((m) => JSON.parse(m[1]));
}

describe("pipelined requests", () => {
  it("handles a pipelined request only once the answer before it has been sent, in order", async () => {
    const gate = new Gate();
    const ran: string[] = [];
    const server = await start({ stateless: true, jsonResponse: true }, gate, ran);
    const socket = await socketTo(server);
    const received = collect(socket);
    socket.write(
      rawRequest(server, call(1, "gate")) +
        rawRequest(server, call(2, "spin", { tag: "b" })) +
        rawRequest(server, { ...ping, id: 3 }) +
        rawRequest(server, call(4, "spin", { tag: "d" })),
    );
    await waitFor(() => gate.running === 1 && server.stats.pipelinedRequests === 3);
    // Another connection is served meanwhile; nothing behind the call has run.
    expect((await post(server, ping)).status).toBe(200);
    expect(ran).toEqual([]);
    expect(server.stats.inflightRequests).toBe(1);
    gate.open();
    await waitFor(() => answeredIds(received.text()).length === 4);
    expect(answeredIds(received.text())).toEqual([1, 2, 3, 4]);
    expect(statuses(received.text())).toEqual([200, 200, 200, 200]);
    expect(ran).toEqual(["b", "d"]);
    expect(server.stats).toMatchObject({ pipelinedRequests: 0, refusedPipelined: 0 });
  });

  it("computes nothing more for a client that does not read the answer before", async () => {
    const ran: string[] = [];
    const server = await start({ jsonResponse: true }, new Gate(), ran);
    const session = await openSession(server);
    const socket = await socketTo(server);
    socket.pause(); // not reading
    const big = call(1, "big", { size: 32 * 1024 * 1024 });
    const spins = [2, 3, 4].map((id) => rawRequest(server, call(id, "spin", { tag: String(id) }), session));
    socket.write(rawRequest(server, big, session) + spins.join(""));
    await waitFor(() => server.stats.pipelinedRequests === 3);
    // Round trips on other connections: the server has long finished the big answer's work.
    for (let i = 0; i < 3; i++) expect((await post(server, ping, session)).status).toBe(200);
    expect(ran).toEqual([]);
    expect(server.stats.pipelinedRequests).toBe(3);
    // Once the client reads, the rest are handled in order.
    let text = "";
    socket.on("data", (chunk: Buffer) => {
      text += chunk.toString("latin1");
    });
    socket.resume();
    await waitFor(() => answeredIds(text.slice(-4096)).includes(4));
    expect(ran).toEqual(["2", "3", "4"]);
    expect(server.stats.pipelinedRequests).toBe(0);
  });

  it(`lets ${MAX_PIPELINED_REQUESTS} requests wait per connection; refuses more (503, Retry-After) and closes it after`, async () => {
    const gate = new Gate();
    const server = await start({ stateless: true, jsonResponse: true }, gate);
    const socket = await socketTo(server);
    const received = collect(socket);
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    const pings = Array.from({ length: MAX_PIPELINED_REQUESTS + 2 }, (_, i) =>
      rawRequest(server, { ...ping, id: i + 2 }),
    );
    socket.write(rawRequest(server, call(1, "gate")) + pings.join(""));
    await waitFor(() => gate.running === 1 && server.stats.refusedPipelined === 2);
    expect(server.stats.pipelinedRequests).toBe(MAX_PIPELINED_REQUESTS);
    gate.open();
    await closed;
    const text = received.text();
    // The call, the waiting pings, then the first refusal, which closes the connection.
    expect(statuses(text)).toEqual([...Array<number>(MAX_PIPELINED_REQUESTS + 1).fill(200), 503]);
    expect(text).toMatch(/\r\nretry-after: 1\r\n/i);
    expect(answeredIds(text).slice(0, MAX_PIPELINED_REQUESTS + 1)).toEqual(
      Array.from({ length: MAX_PIPELINED_REQUESTS + 1 }, (_, i) => i + 1),
    );
    expect(server.stats.pipelinedRequests).toBe(0);
  });

  it("forgets the requests waiting on a connection that closes", async () => {
    const gate = new Gate();
    const server = await start({ stateless: true, jsonResponse: true }, gate);
    const socket = await socketTo(server);
    socket.write(rawRequest(server, call(1, "gate")) + rawRequest(server, ping) + rawRequest(server, ping));
    await waitFor(() => gate.running === 1 && server.stats.pipelinedRequests === 2);
    socket.destroy();
    await waitFor(() => server.stats.pipelinedRequests === 0 && server.stats.connections === 0);
    await waitFor(() => gate.running === 0 && server.stats.inflightRequests === 0);
  });
});
