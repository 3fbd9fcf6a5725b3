/**
 * serveStdio's message size bound (`maxMessageBytes`): counted in UTF-8 bytes,
 * enforced before a line ends (an endless line is dropped as it arrives), and
 * answered with -32600 without stopping the server.
 */
import { describe, expect, it } from "vitest";
import { ToolRegistry } from "@mcp-specgen/runtime";
import { startRawStdio } from "./helpers.js";

/** A ping request padded to exactly `bytes` UTF-8 bytes with `pad` (a 1-, 2- or 3-byte character). */
function paddedPing(bytes: number, pad: string): string {
  const head = '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"p":"';
  const tail = '"}}';
  const padBytes = Buffer.byteLength(pad);
  const room = bytes - head.length - tail.length;
  expect(room % padBytes).toBe(0);
  const line = head + pad.repeat(room / padBytes) + tail;
  expect(Buffer.byteLength(line)).toBe(bytes);
  return line;
}

describe("serveStdio maxMessageBytes", () => {
  it("counts UTF-8 bytes, not UTF-16 code units", async () => {
    const peer = await startRawStdio(new ToolRegistry(), { maxMessageBytes: 120 });
    try {
      // 30 "€" are 90 bytes: the line is 148 bytes, over the limit, in only 88 code units.
      const over = paddedPing(58 + 3 * 30, "€");
      expect(over.length).toBeLessThanOrEqual(120);
      peer.send(over);
      expect((await peer.next()).error).toMatchObject({
        code: -32600,
        message: expect.stringContaining("exceeds 120 bytes"),
      });
      // Exactly at the limit with multi-byte characters: accepted, whole or in pieces.
      const exact = paddedPing(120, "é");
      peer.send(exact);
      expect(await peer.next()).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
      const buffer = Buffer.from(exact + "\n");
      for (let i = 0; i < buffer.length; i += 7) peer.stdin.write(buffer.subarray(i, i + 7)); // splits characters too
      expect(await peer.next()).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
      const oneMore = paddedPing(121, "a");
      const pieces = Buffer.from(oneMore + "\n");
      for (let i = 0; i < pieces.length; i += 50) peer.stdin.write(pieces.subarray(i, i + 50));
      expect((await peer.next()).error.code).toBe(-32600);
      expect((await peer.request("ping")).result).toEqual({});
      expect(peer.received).toEqual([]);
    } finally {
      await peer.close();
    }
  });

  it("drops an endless line as it arrives, answers once, and serves the next line", async () => {
    const peer = await startRawStdio(new ToolRegistry(), { maxMessageBytes: 64 * 1024 });
    try {
      const chunk = Buffer.alloc(64 * 1024, "x");
      for (let i = 0; i < 64; i++) peer.stdin.write(chunk); // 4 MiB without a newline
      const refused = await peer.next();
      expect(refused.error.code).toBe(-32600);
      // Answered while the line is still going on (no newline was sent yet), and only once.
      peer.send({ jsonrpc: "2.0", id: "after", method: "ping" }); // ends the long line first: skipped with it
      peer.send({ jsonrpc: "2.0", id: "next", method: "ping" });
      expect((await peer.next((m) => m.id === "next")).result).toEqual({});
      expect(peer.received).toEqual([]);
    } finally {
      await peer.close();
    }
  });
});
