import { describe, expect, it } from "vitest";
import { InputReplay, ToolRegistry, type ElicitResult, type ToolContext } from "@mcp-specgen/runtime";

// ctx.elicit / ctx.createMessage: answered by the caller's ExecuteOptions.clientRequests,
// refused with ClientRequestError otherwise; and InputReplay, which maps them onto the
// 2026-07-28 protocol's input_required rounds.

const EMPTY = { type: "object", properties: {}, additionalProperties: false };
const FORM = { message: "Name?", requestedSchema: { type: "object", properties: { name: { type: "string" } } } };

function registryWith(handler: (ctx: ToolContext) => Promise<unknown>): ToolRegistry {
  const registry = new ToolRegistry();
  registry.register({ name: "asker", inputSchema: EMPTY }, (_args, ctx) => handler(ctx));
  return registry;
}

describe("ctx.elicit and ctx.createMessage", () => {
  it("reject with ClientRequestError when the call has no way back to the client", async () => {
    const registry = registryWith((ctx) => ctx.elicit(FORM));
    const result = await registry.execute({ tool_name: "asker", arguments: {} });
    expect(result.status).toBe("failure");
    expect(result.error?.error_type).toBe("ClientRequestError");
    expect(result.error?.error_message).toMatch(/cannot ask the user for input \(elicitation\)/);

    const sampling = await registryWith((ctx) =>
      ctx.createMessage({ messages: [{ role: "user", content: { type: "text", text: "hi" } }], maxTokens: 10 }),
    ).execute({ tool_name: "asker", arguments: {} });
    expect(sampling.error?.error_message).toMatch(/cannot ask the client's model/);
  });

  it("go to the caller's clientRequests with the call's signal", async () => {
    const seen: Array<{ message: string; aborted: boolean }> = [];
    const registry = registryWith(async (ctx) => (await ctx.elicit(FORM)).content ?? null);
    const result = await registry.execute(
      { tool_name: "asker", arguments: {} },
      {
        clientRequests: {
          elicit: async (params, signal) => {
            seen.push({ message: params.message, aborted: signal.aborted });
            return { action: "accept", content: { name: "Ada" } };
          },
        },
      },
    );
    expect(result).toMatchObject({ status: "success", data: { name: "Ada" } });
    expect(seen).toEqual([{ message: "Name?", aborted: false }]);
  });

  it("a request still pending when the call times out sees its signal aborted", async () => {
    let signal: AbortSignal | undefined;
    const registry = registryWith((ctx) => ctx.elicit(FORM));
    const result = await registry.execute(
      { tool_name: "asker", arguments: {} },
      {
        timeoutMs: 20,
        clientRequests: {
          elicit: (_params, s) => {
            signal = s;
            return new Promise<ElicitResult>(() => undefined);
          },
        },
      },
    );
    expect(result.error?.error_type).toBe("TimeoutError");
    expect(signal?.aborted).toBe(true);
  });
});

describe("InputReplay (2026-07-28 input_required rounds)", () => {
  it("asks for the first unanswered request, then resolves it from the retry's answers", async () => {
    const first = new InputReplay(undefined, undefined);
    await expect(first.elicit(FORM, new AbortController().signal)).rejects.toMatchObject({
      errorType: "ClientRequestError",
    });
    const round1 = first.inputRequired();
    expect(round1).toMatchObject({
      resultType: "input_required",
      inputRequests: { "elicit-1": { method: "elicitation/create", params: FORM } },
    });

    // The retry carries the answer; the state from round 1 carries nothing yet.
    const second = new InputReplay(
      { "elicit-1": { action: "accept", content: { name: "Ada" } } },
      round1?.requestState,
    );
    await expect(second.elicit(FORM, new AbortController().signal)).resolves.toEqual({
      action: "accept",
      content: { name: "Ada" },
    });
    await expect(second.elicit({ ...FORM, message: "Colour?" }, new AbortController().signal)).rejects.toThrow();
    const round2 = second.inputRequired();
    expect(Object.keys(round2?.inputRequests ?? {})).toEqual(["elicit-2"]);

    // Round 3 gets only the latest answer: the first comes back from requestState.
    const third = new InputReplay({ "elicit-2": { action: "decline" } }, round2?.requestState);
    await expect(third.elicit(FORM, new AbortController().signal)).resolves.toMatchObject({ action: "accept" });
    await expect(third.elicit(FORM, new AbortController().signal)).resolves.toEqual({ action: "decline" });
    expect(third.inputRequired()).toBeUndefined();
  });

  it("sends URL elicitations with their mode and form ones without", async () => {
    const replay = new InputReplay(undefined, undefined);
    await replay.elicit({ ...FORM, mode: "form" }, new AbortController().signal).catch(() => undefined);
    await replay
      .elicit({ mode: "url", message: "Sign in", url: "https://example.com/login" }, new AbortController().signal)
      .catch(() => undefined);
    const requests = replay.inputRequired()?.inputRequests;
    expect(requests?.["elicit-1"]?.params).toEqual(FORM);
    expect(requests?.["elicit-2"]?.params).toEqual({
      mode: "url",
      message: "Sign in",
      url: "https://example.com/login",
    });
  });

  it("refuses a malformed answer and ignores foreign, malformed or oversized state", async () => {
    const bad = new InputReplay({ "elicit-1": { action: "maybe" } }, undefined);
    await expect(bad.elicit(FORM, new AbortController().signal)).rejects.toThrow(/not an elicitation result/);
    for (const state of [
      "not base64 json",
      Buffer.from('{"v":2,"answers":{}}').toString("base64url"),
      "x".repeat(300_000),
      42,
    ]) {
      const replay = new InputReplay(undefined, state);
      await expect(replay.elicit(FORM, new AbortController().signal)).rejects.toThrow(/input_required/);
    }
    const smuggled = Buffer.from(JSON.stringify({ v: 1, answers: { __proto__x: 1, "other-1": {} } })).toString(
      "base64url",
    );
    const replay = new InputReplay(undefined, smuggled);
    await replay.elicit(FORM, new AbortController().signal).catch(() => undefined);
    expect(JSON.parse(Buffer.from(replay.inputRequired()!.requestState, "base64url").toString())).toEqual({
      v: 1,
      answers: {},
    });
  });

  it("checks sampling answers too", async () => {
    const params = { messages: [{ role: "user" as const, content: { type: "text", text: "hi" } }], maxTokens: 5 };
    const ok = new InputReplay(
      { "sample-1": { role: "assistant", content: { type: "text", text: "yo" }, model: "m" } },
      undefined,
    );
    await expect(ok.createMessage(params, new AbortController().signal)).resolves.toMatchObject({ model: "m" });
    const bad = new InputReplay({ "sample-1": { role: "robot" } }, undefined);
    await expect(bad.createMessage(params, new AbortController().signal)).rejects.toThrow(/not a sampling result/);
  });
});
