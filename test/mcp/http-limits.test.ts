/**
 * serveHttp's load limits: connections, request bodies being received, tool calls,
 * lists and large requests in flight (and their turns), slow readers. Small limits
 * keep the tests fast; the assertions are on statuses, bodies and the server's
 * counters (`stats`), never on durations. Raw sockets where a client must misbehave
 * (send half a request, never read). Loopback only; every server is closed after.
 */
import type { Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { serveHttp, ToolRegistry, type HttpServerOptions, type McpHttpServerHandle } from "@mcp-specgen/runtime";
import { RequestAdmission } from "../../packages/runtime/src/mcp/http-admission.js";
import { waitFor } from "./helpers.js";
import {
  busyWait,
  call,
  Gate,
  limitsRegistry,
  modernCall,
  openSession,
  ping,
  post,
  rawReply,
  rawRequest,
  rawSocket,
  rawStream,
} from "./http-raw.js";

let servers: McpHttpServerHandle[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function start(options: HttpServerOptions, gate = new Gate(), onSpin?: (tag: string) => void) {
  const server = await serveHttp(limitsRegistry(gate, onSpin), options);
  servers.push(server);
  return server;
}

describe("maxConnections", () => {
  it("closes the connection idle the longest to admit a new one", async () => {
    const server = await start({ maxConnections: 2 });
    const session = await openSession(server);
    const oldest = await rawSocket(server);
    const newer = await rawSocket(server);
    await waitFor(() => server.stats.connections === 2);
    const oldestClosed = new Promise<void>((resolve) => oldest.once("close", () => resolve()));
    expect((await post(server, ping, session)).status).toBe(200);
    await oldestClosed;
    expect(newer.destroyed).toBe(false);
    expect(server.stats).toMatchObject({ evictedConnections: 1, refusedConnections: 0 });
    newer.destroy();
  });

  it("answers 503 with Retry-After and closes the connection when every connection is busy", async () => {
    const gate = new Gate();
    const server = await start({ maxConnections: 2, stateless: true }, gate);
    // Two calls in progress: the server works on both connections.
    const busy = await Promise.all([rawSocket(server), rawSocket(server)]);
    for (const socket of busy) socket.write(rawRequest(server, call(1, "gate")));
    await waitFor(() => server.stats.connections === 2 && gate.running === 2);
    const newcomer = await rawSocket(server);
    const reply = rawReply(newcomer);
    newcomer.write(rawRequest(server, ping));
    const { head, body, closed } = await reply;
    expect(head).toMatch(/^HTTP\/1\.1 503 /);
    expect(head).toMatch(/\r\nretry-after: 1\r\n/i);
    expect(head).toMatch(/\r\nconnection: close(\r\n|$)/i);
    expect(JSON.parse(body)).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32000 } });
    await closed;
    expect(server.stats).toMatchObject({ refusedConnections: 1, connections: 2 });
    for (const socket of busy) socket.destroy();
    await waitFor(() => server.stats.connections === 0 && gate.running === 0);
  });

  it("closes a connection only waiting for its body when nothing is idle", async () => {
    const server = await start({ maxConnections: 2 });
    const session = await openSession(server);
    const slow = await Promise.all([rawSocket(server), rawSocket(server)]);
    const closed = slow.map((socket) => new Promise<void>((resolve) => socket.once("close", () => resolve())));
    for (const socket of slow) socket.write(rawRequest(server, "{", session, 100));
    await waitFor(() => server.stats.connections === 2);
    expect((await post(server, ping, session)).status).toBe(200);
    await Promise.race(closed);
    expect(server.stats).toMatchObject({ evictedConnections: 1, refusedConnections: 0 });
    for (const socket of slow) socket.destroy();
  });

  it("closes a GET stream's connection when nothing is idle: the oldest of the client holding the most", async () => {
    const server = await start({ maxConnections: 3 });
    const sessions = [await openSession(server), await openSession(server), await openSession(server)];
    // The oldest stream is 127.0.0.1's; 127.0.0.2 holds two.
    const mine = await rawStream(server, sessions[0], "127.0.0.1");
    const theirs = [
      await rawStream(server, sessions[1], "127.0.0.2"),
      await rawStream(server, sessions[2], "127.0.0.2"),
    ];
    await waitFor(() => server.stats.connections === 3);
    const closed = new Promise<void>((resolve) => theirs[0].once("close", () => resolve()));
    expect((await post(server, ping, sessions[0])).status).toBe(200);
    await closed;
    expect(mine.destroyed).toBe(false);
    expect(theirs[1].destroyed).toBe(false);
    expect(server.stats).toMatchObject({ evictedConnections: 1, refusedConnections: 0 });
    // Its client opens the stream again (and another connection makes way for it).
    const again = await rawStream(server, sessions[1], "127.0.0.2");
    for (const socket of [mine, ...theirs, again]) socket.destroy();
  });

  it("keeps GET streams to seven eighths of maxConnections, closing the oldest of the client holding the most", async () => {
    const server = await start({ maxConnections: 8 });
    const sessions = await Promise.all(Array.from({ length: 8 }, () => openSession(server)));
    const mine = await rawStream(server, sessions[0], "127.0.0.1");
    const theirs: Socket[] = [];
    for (const session of sessions.slice(1)) theirs.push(await rawStream(server, session, "127.0.0.2"));
    // The eighth stream closed 127.0.0.2's first; a connection stays free for other requests.
    await waitFor(() => theirs[0].destroyed && server.stats.connections === 7);
    expect(mine.destroyed).toBe(false);
    expect(theirs.filter((socket) => socket.destroyed)).toHaveLength(1);
    expect(server.stats).toMatchObject({ evictedConnections: 1, refusedConnections: 0 });
    for (const socket of [mine, ...theirs]) socket.destroy();
  });

  it("frees a connection's place when it closes, whoever closes it", async () => {
    const server = await start({ maxConnections: 4 });
    const session = await openSession(server);
    for (let round = 0; round < 3; round++) {
      const sockets = await Promise.all(Array.from({ length: 4 }, () => rawSocket(server)));
      await waitFor(() => server.stats.connections === 4);
      for (const socket of sockets) socket.destroy();
      await waitFor(() => server.stats.connections === 0);
    }
    for (let i = 0; i < 10; i++) expect((await post(server, ping, session)).status).toBe(200);
    await waitFor(() => server.stats.connections === 0);
    expect(server.stats).toMatchObject({ refusedConnections: 0, evictedConnections: 0 });
  });
});

describe("maxInflightRequests", () => {
  it("refuses a tool call or list over the limit (503, Retry-After, its id) while ping and initialize still answer", async () => {
    const gate = new Gate();
    const server = await start({ maxInflightRequests: 2 }, gate);
    const session = await openSession(server);
    const running = [post(server, call(1, "gate"), session), post(server, call(2, "gate"), session)];
    await waitFor(() => gate.running === 2);
    const refused = await post(server, call(7, "echo"), session);
    expect(refused.status).toBe(503);
    expect(refused.headers["retry-after"]).toBe("1");
    expect(refused.messages).toEqual([
      { jsonrpc: "2.0", id: 7, error: { code: -32000, message: expect.stringContaining("in flight") } },
    ]);
    // A tool list's answer may be as large as a call's: it takes a slot too.
    const list = await post(server, { jsonrpc: "2.0", id: 3, method: "tools/list" }, session);
    expect(list.status).toBe(503);
    expect(list.messages[0]).toMatchObject({ id: 3, error: { code: -32000 } });
    expect((await post(server, ping, session)).messages).toEqual([{ jsonrpc: "2.0", id: 9, result: {} }]);
    expect((await openSession(server))["mcp-session-id"]).toEqual(expect.any(String));
    expect(server.stats).toMatchObject({ inflightRequests: 2, refusedRequests: 2 });
    gate.open();
    for (const reply of await Promise.all(running)) expect(reply.status).toBe(200);
    await waitFor(() => server.stats.inflightRequests === 0);
    expect((await post(server, call(8, "echo"), session)).status).toBe(200);
    expect((await post(server, { jsonrpc: "2.0", id: 4, method: "tools/list" }, session)).status).toBe(200);
  });

  it("counts both protocol eras against one limit", async () => {
    const gate = new Gate();
    const server = await start({ maxInflightRequests: 1 }, gate);
    const session = await openSession(server);
    const legacy = post(server, call(1, "gate"), session);
    await waitFor(() => gate.running === 1);
    const modern = modernCall(2, "echo");
    expect((await post(server, modern.body, modern.headers)).status).toBe(503);
    gate.open();
    await legacy;
    await waitFor(() => server.stats.inflightRequests === 0);
    const modernGate = modernCall(3, "gate");
    const running = post(server, modernGate.body, modernGate.headers);
    await waitFor(() => gate.running === 1);
    expect((await post(server, call(4, "echo"), session)).status).toBe(503);
    gate.open();
    expect((await running).status).toBe(200);
    await waitFor(() => server.stats.inflightRequests === 0);
  });

  it("frees the slot of a request its client abandons (stateless and 2026-07-28: the call is cancelled)", async () => {
    const gate = new Gate();
    const server = await start({ maxInflightRequests: 1, stateless: true }, gate);
    for (let round = 0; round < 4; round++) {
      const modern = modernCall(round, "gate");
      const [body, headers] = round % 2 === 0 ? [call(round, "gate"), {}] : [modern.body, modern.headers];
      const socket = await rawSocket(server);
      socket.write(rawRequest(server, body, headers));
      await waitFor(() => gate.running === 1 && server.stats.inflightRequests === 1);
      socket.destroy();
      await waitFor(() => server.stats.inflightRequests === 0 && gate.running === 0);
    }
    expect(gate.aborted).toBe(4);
    expect(server.stats.refusedRequests).toBe(0);
  });

  it("keeps a 2025 session call's slot after its request closes, until the call is answered", async () => {
    const gate = new Gate();
    const server = await start({ maxInflightRequests: 1 }, gate);
    const session = await openSession(server);
    for (let round = 0; round < 3; round++) {
      const socket = await rawSocket(server);
      socket.write(rawRequest(server, call(`c${round}`, "gate"), session));
      await waitFor(() => gate.running === 1);
      socket.destroy();
      await waitFor(() => server.stats.connections === 0);
      // Disconnection is not cancellation (MCP): the call goes on, and holds its slot.
      expect(server.stats.inflightRequests).toBe(1);
      expect((await post(server, call(99, "echo"), session)).status).toBe(503);
      const cancel = { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: `c${round}` } };
      expect((await post(server, cancel, session)).status).toBe(202);
      await waitFor(() => server.stats.inflightRequests === 0);
    }
    expect(gate.aborted).toBe(3);
  });

  it("refuses a large or unsized body before reading it when no slot is free to parse it", async () => {
    const gate = new Gate();
    const server = await start({ maxInflightRequests: 1 }, gate);
    const session = await openSession(server);
    const running = post(server, call(1, "gate"), session);
    await waitFor(() => gate.running === 1);
    // Headers only: a 503 that comes anyway was decided before the body.
    const sized = await rawSocket(server);
    const sizedReply = rawReply(sized);
    sized.write(rawRequest(server, "", session, 100_000));
    expect((await sizedReply).head).toMatch(/^HTTP\/1\.1 503 /);
    const chunked = await rawSocket(server);
    const chunkedReply = rawReply(chunked);
    chunked.write(
      rawRequest(server, "", { ...session, "Transfer-Encoding": "chunked" }).replace(/Content-Length: 0\r\n/, ""),
    );
    expect((await chunkedReply).head).toMatch(/^HTTP\/1\.1 503 /);
    // A small body is read first: a ping passes.
    expect((await post(server, ping, session)).status).toBe(200);
    sized.destroy();
    chunked.destroy();
    gate.open();
    await running;
    await waitFor(() => server.stats.inflightRequests === 0);
  });

  it("lets a large body that arrives slowly hold its bytes, not a slot, until 408 after requestTimeoutMs", async () => {
    const server = await start({ maxInflightRequests: 1, requestTimeoutMs: 200 });
    const session = await openSession(server);
    const socket = await rawSocket(server);
    let text = "";
    socket.on("data", (chunk) => (text += chunk));
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    socket.write(rawRequest(server, '{"jsonrpc":', session, 100_000)); // and nothing more
    await waitFor(() => server.stats.bufferedRequestBytes === 11);
    // The one slot is free for others meanwhile.
    expect(server.stats.inflightRequests).toBe(0);
    expect((await post(server, call(1, "echo"), session)).status).toBe(200);
    await closed;
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(server.stats.bufferedRequestBytes).toBe(0);
  });

  it("refuses a large body whose bytes do not fit in maxBufferedRequestBytes (503), and counts them back", async () => {
    const server = await start({ maxBodyBytes: 200_000, maxBufferedRequestBytes: 250_000, jsonResponse: true });
    const session = await openSession(server);
    // A ping padded to 200 000 bytes, of which 150 000 are sent first.
    const padded = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "" } });
    const body = padded.replace('"pad":""', `"pad":"${"x".repeat(200_000 - padded.length)}"`);
    const first = await rawSocket(server);
    let firstText = "";
    first.on("data", (chunk) => (firstText += chunk));
    first.write(rawRequest(server, body.slice(0, 150_000), session, body.length));
    await waitFor(() => server.stats.bufferedRequestBytes === 150_000);
    // Another 120 000 bytes would hold 270 000.
    const second = await rawSocket(server);
    const refused = rawReply(second);
    second.write(rawRequest(server, "x".repeat(120_000), session, 200_000));
    const { head, closed } = await refused;
    expect(head).toMatch(/^HTTP\/1\.1 503 /);
    expect(head).toMatch(/\r\nretry-after: 1\r\n/i);
    await closed;
    expect(server.stats).toMatchObject({ refusedRequestBodies: 1, bufferedRequestBytes: 150_000 });
    // The first one completes and is served; then nothing is held.
    first.write(body.slice(150_000));
    await waitFor(() => firstText.includes('"result":{}'));
    expect(firstText).toMatch(/^HTTP\/1\.1 200 /);
    expect(server.stats.bufferedRequestBytes).toBe(0);
    first.destroy();
  });

  it("takes one slot per call of a batch", async () => {
    const server = await start({ maxInflightRequests: 2, stateless: true });
    const batch = (n: number) => Array.from({ length: n }, (_, i) => call(i + 1, "echo", { i }));
    const refused = await post(server, batch(3));
    expect(refused.status).toBe(503);
    expect(refused.messages[0]).toMatchObject({ id: null, error: { code: -32000 } });
    const served = await post(server, batch(2));
    expect(served.status).toBe(200);
    expect(served.messages.map((m) => m.id).sort()).toEqual([1, 2]);
    await waitFor(() => server.stats.inflightRequests === 0);
  });

  it("takes one slot per tools/list of a batch; none for pings; refuses batches over 100 messages (400)", async () => {
    const server = await start({ maxInflightRequests: 2, stateless: true });
    const list = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/list" });
    expect((await post(server, [list(1), list(2), call(3, "echo")])).status).toBe(503);
    expect((await post(server, [list(1), list(2)])).status).toBe(200);
    const pings = (n: number) => Array.from({ length: n }, (_, i) => ({ ...ping, id: i }));
    expect((await post(server, pings(100))).messages).toHaveLength(100);
    const tooMany = await post(server, pings(101));
    expect(tooMany.status).toBe(400);
    expect(tooMany.messages[0]).toMatchObject({ error: { code: -32600, message: expect.stringContaining("100") } });
    expect(server.stats.refusedRequests).toBe(1);
  });

  it("refuses a call whose id is already in flight on the session (400)", async () => {
    const gate = new Gate();
    const server = await start({}, gate);
    const session = await openSession(server);
    const running = post(server, call(5, "gate"), session);
    await waitFor(() => gate.running === 1);
    const duplicate = await post(server, call(5, "echo"), session);
    expect(duplicate.status).toBe(400);
    expect(duplicate.messages[0].error.code).toBe(-32600);
    gate.open();
    expect((await running).messages.at(-1)).toMatchObject({ id: 5, result: {} });
    await waitFor(() => server.stats.inflightRequests === 0);
  });

  it("runs queued calls one per event-loop turn, serving what arrives between them first", async () => {
    const events: string[] = [];
    const sockets: Socket[] = [];
    let server: McpHttpServerHandle | undefined;
    const send = (socket: Socket, body: unknown, headers: Record<string, string> = {}) =>
      socket.write(rawRequest(server!, body, headers));
    // Each handler blocks the loop while more requests arrive (written synchronously to
    // loopback sockets), and long enough to count as costly (cheap turns run several).
    server = await start({ stateless: true }, new Gate(), (tag) => {
      events.push(`call ${tag}`);
      busyWait(5);
      if (tag === "a") {
        send(sockets[1], call(2, "spin", { tag: "b" }));
        send(sockets[2], call(3, "spin", { tag: "c" }));
        send(sockets[3], ping, { "x-probe": "ping 1" });
      } else if (tag === "b") send(sockets[4], ping, { "x-probe": "ping 2" });
    });
    server.server.prependListener("request", (req, res) => {
      const probe = req.headers["x-probe"];
      if (typeof probe === "string") res.once("finish", () => events.push(probe));
    });
    for (let i = 0; i < 5; i++) sockets.push(await rawSocket(server));
    const replies = sockets.map((socket) => rawReply(socket));
    send(sockets[0], call(1, "spin", { tag: "a" }));
    await Promise.all(replies);
    expect(events).toEqual(["call a", "ping 1", "call b", "ping 2", "call c"]);
    for (const socket of sockets) socket.destroy();
  });
});

describe("RequestAdmission turns", () => {
  /** Admits `count` requests at once; resolves with the event-loop tick each one's turn came in. */
  async function turnTicks(admission: RequestAdmission, count: number, work: () => void): Promise<number[]> {
    let ticks = 0;
    let ticking = true;
    const tick = (): void => {
      ticks++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const tickets = Array.from({ length: count }, () => admission.admit(1)!);
    const seen: number[] = [];
    await Promise.all(
      tickets.map((t) =>
        admission.turn(t).then(() => {
          seen.push(ticks);
          work();
        }),
      ),
    );
    ticking = false;
    for (const t of tickets) t.responseEnded();
    return seen;
  }

  it("after a costly turn, runs one request per turn, with at least one poll between two", async () => {
    const admission = new RequestAdmission(10);
    const seen = await turnTicks(admission, 5, () => busyWait(3));
    // The ticks count check phases (setImmediate). A turn after a costly one may follow the
    // rest's timer, in the timers phase, before that loop iteration's check phase: one check
    // phase between two turns is the bound (a poll phase precedes every check phase), and a
    // second turn in the same phase would show as no tick at all.
    for (let i = 1; i < seen.length; i++) expect(seen[i] - seen[i - 1]).toBeGreaterThanOrEqual(1);
    expect(admission.counts()).toMatchObject({ inflightRequests: 0, queuedRequests: 0 });
  });

  it("after cheap turns, runs more requests per turn, up to 32", async () => {
    const admission = new RequestAdmission(200);
    const seen = await turnTicks(admission, 200, () => undefined);
    const perTick = new Map<number, number>();
    for (const tick of seen) perTick.set(tick, (perTick.get(tick) ?? 0) + 1);
    // Doubling from one as long as turns stay cheap (a loaded machine may reset it: only the bound is exact).
    expect(perTick.size).toBeLessThan(200);
    expect(Math.max(...perTick.values())).toBeGreaterThan(1);
    expect(Math.max(...perTick.values())).toBeLessThanOrEqual(32);
  });

  it("skips the turn of a request that closed while waiting, and frees its slots once", async () => {
    const admission = new RequestAdmission(3);
    const first = admission.admit(2)!;
    const second = admission.admit(1)!;
    expect(admission.admit(1)).toBeUndefined();
    const turns = [admission.turn(first), admission.turn(second)];
    second.responseEnded();
    second.responseEnded();
    expect(await Promise.all(turns)).toEqual([true, false]);
    expect(admission.counts()).toEqual({ inflightRequests: 2, queuedRequests: 0, refusedRequests: 1 });
    first.hold();
    first.responseEnded();
    expect(admission.counts().inflightRequests).toBe(2);
    first.settle();
    expect(admission.counts().inflightRequests).toBe(0);
  });
});

describe("slow readers", () => {
  // All 500 notifications are produced in one go, before anything can be flushed:
  // what goes through is the bound's worth (64 KiB: 8), not 4 MB.
  const COUNT = 500;
  const SIZE = 8 * 1024;
  const BOUND = 64 * 1024;

  /** Reads a paused socket's SSE response up to the response to `id`; counts the notifications in it. */
  async function drain(socket: Socket, id: number): Promise<{ notifications: number }> {
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (text += chunk));
    socket.resume();
    await waitFor(() => text.includes(`"id":${id},"result"`));
    return { notifications: text.split('"notifications/message"').length - 1 };
  }

  it("drops a 2025 call's notifications past maxBufferedResponseBytes while its reader is behind", async () => {
    const server = await start({ maxBufferedResponseBytes: BOUND });
    const session = await openSession(server);
    const socket = await rawSocket(server);
    socket.pause(); // not reading yet
    socket.write(rawRequest(server, call(1, "chatty", { count: COUNT, size: SIZE }), session));
    await waitFor(() => server.stats.droppedNotifications >= COUNT - BOUND / SIZE - 1);
    const { notifications } = await drain(socket, 1);
    expect(notifications).toBeLessThanOrEqual(BOUND / SIZE + 1);
    expect(notifications + server.stats.droppedNotifications).toBe(COUNT);
    await waitFor(() => server.stats.inflightRequests === 0);
    socket.destroy();
  });

  it("drops a 2026-07-28 call's notifications past the bound while its reader is behind", async () => {
    const server = await start({ maxBufferedResponseBytes: BOUND });
    const socket = await rawSocket(server);
    socket.pause();
    const chatty = modernCall(
      1,
      "chatty",
      { count: COUNT, size: SIZE },
      {
        "io.modelcontextprotocol/logLevel": "info",
      },
    );
    socket.write(rawRequest(server, chatty.body, chatty.headers));
    await waitFor(() => server.stats.droppedNotifications >= COUNT - BOUND / SIZE - 1);
    const { notifications } = await drain(socket, 1);
    expect(notifications).toBeLessThanOrEqual(BOUND / SIZE + 1);
    expect(notifications + server.stats.droppedNotifications).toBe(COUNT);
    await waitFor(() => server.stats.inflightRequests === 0);
    socket.destroy();
  });

  it("closes the connection of a large response nobody reads, freeing its slot", async () => {
    const server = await start({ slowReaderTimeoutMs: 100, jsonResponse: true });
    const session = await openSession(server);
    const socket = await rawSocket(server);
    socket.pause();
    socket.write(rawRequest(server, call(1, "big", { size: 32 * 1024 * 1024 }), session));
    await waitFor(() => server.stats.droppedSlowReaders === 1);
    await waitFor(() => server.stats.inflightRequests === 0 && server.stats.connections === 0);
    expect((await post(server, call(2, "echo"), session)).status).toBe(200);
  });

  it("never drops a reader that keeps reading, however long the response takes", async () => {
    const size = 16 * 1024 * 1024;
    const server = await start({ slowReaderTimeoutMs: 2_000, jsonResponse: true });
    const session = await openSession(server);
    const socket = await rawSocket(server);
    socket.pause();
    let received = 0;
    const done = new Promise<void>((resolve) => {
      // A slow reader: a little at a time, with pauses.
      const drip = setInterval(() => {
        let chunk: Buffer | null;
        for (let i = 0; i < 4 && (chunk = socket.read()) !== null; i++) received += chunk.length;
        if (received > size) {
          clearInterval(drip);
          resolve();
        }
      }, 5);
    });
    socket.write(rawRequest(server, call(1, "big", { size }), session));
    await done;
    expect(server.stats.droppedSlowReaders).toBe(0);
    socket.destroy();
  });
});

describe("limit options", () => {
  it.each([
    "maxConnections",
    "maxInflightRequests",
    "maxBufferedResponseBytes",
    "slowReaderTimeoutMs",
    "requestTimeoutMs",
    "maxBufferedRequestBytes",
  ])("refuses a %s that is not a positive integer", async (key) => {
    for (const value of [0, -1, 1.5, Number.NaN]) {
      await expect(serveHttp(new ToolRegistry(), { [key]: value })).rejects.toThrow(RangeError);
    }
  });

  it("refuses a maxBufferedRequestBytes below maxBodyBytes (no largest body could arrive)", async () => {
    await expect(serveHttp(new ToolRegistry(), { maxBodyBytes: 1000, maxBufferedRequestBytes: 999 })).rejects.toThrow(
      /maxBufferedRequestBytes must be at least maxBodyBytes \(1000\)/,
    );
  });
});
