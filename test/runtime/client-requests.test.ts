import { describe, expect, it } from "vitest";
import {
  ClientRequestError,
  encodeRequestState,
  InputReplay,
  InputRequiredSignal,
  inputRequiredWire,
  ToolRegistry,
  type ElicitResult,
  type ToolContext,
} from "@mcp-specgen/runtime";

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

/** One round: the handler's requests in order, then what the call is answered with. */
async function round(
  replay: InputReplay,
  asks: Array<(r: InputReplay) => Promise<unknown>>,
): Promise<{ answers: unknown[]; wire: ReturnType<typeof inputRequiredWire> | undefined }> {
  const answers: unknown[] = [];
  for (const ask of asks) {
    try {
      answers.push(await ask(replay));
    } catch (err) {
      answers.push(err);
      break; // a handler that lets the signal propagate stops at its first unanswered request
    }
  }
  const outcome = replay.outcome({ status: "success", data: null });
  const wire =
    "inputRequired" in outcome
      ? inputRequiredWire(outcome.inputRequired, encodeRequestState(outcome.inputRequired.state))
      : undefined;
  return { answers, wire };
}

const signal = new AbortController().signal;
const askName = (r: InputReplay) => r.elicit(FORM, signal);
const askColour = (r: InputReplay) =>
  r.elicit(
    { message: "Colour?", requestedSchema: { type: "object", properties: { colour: { type: "string" } } } },
    signal,
  );

function stateOf(wire: ReturnType<typeof inputRequiredWire> | undefined): string {
  if (wire === undefined || !("requestState" in wire)) throw new Error("no input_required");
  return wire.requestState;
}

describe("InputReplay (2026-07-28 input_required rounds)", () => {
  it("asks for the first unanswered request, then resolves it from the retry's answers", async () => {
    const r1 = await round(new InputReplay(undefined, undefined), [askName, askColour]);
    expect(r1.answers[0]).toBeInstanceOf(InputRequiredSignal);
    expect(r1.answers[0]).not.toBeInstanceOf(ClientRequestError);
    expect(r1.wire).toMatchObject({
      resultType: "input_required",
      inputRequests: { "elicit-1": { method: "elicitation/create", params: FORM } },
    });

    const r2 = await round(
      new InputReplay({ "elicit-1": { action: "accept", content: { name: "Ada" } } }, stateOf(r1.wire)),
      [askName, askColour],
    );
    expect(r2.answers[0]).toEqual({ action: "accept", content: { name: "Ada" } });
    expect(Object.keys((r2.wire as { inputRequests: object }).inputRequests)).toEqual(["elicit-2"]);

    // Round 3 brings only the latest answer: the first comes back from requestState.
    const r3 = await round(new InputReplay({ "elicit-2": { action: "decline" } }, stateOf(r2.wire)), [
      askName,
      askColour,
    ]);
    expect(r3.answers).toEqual([{ action: "accept", content: { name: "Ada" } }, { action: "decline" }]);
    expect(r3.wire).toBeUndefined();
  });

  it("binds answers to their questions: a changed question is asked again, unasked answers are ignored", async () => {
    const deleteA = (r: InputReplay) =>
      r.elicit({ message: "Delete a.txt?", requestedSchema: { type: "object", properties: {} } }, signal);
    const deleteB = (r: InputReplay) =>
      r.elicit({ message: "Delete b.txt?", requestedSchema: { type: "object", properties: {} } }, signal);
    const r1 = await round(new InputReplay(undefined, undefined), [deleteA]);
    // The data changed before the retry: the handler now asks about b.txt.
    const r2 = await round(new InputReplay({ "elicit-1": { action: "accept" } }, stateOf(r1.wire)), [deleteB]);
    expect(r2.answers[0]).toBeInstanceOf(InputRequiredSignal);
    expect(r2.wire).toMatchObject({ inputRequests: { "elicit-1": { params: { message: "Delete b.txt?" } } } });
    // Answers to questions never asked (no state) are ignored.
    const pre = await round(new InputReplay({ "elicit-1": { action: "accept", content: { name: "x" } } }, undefined), [
      askName,
    ]);
    expect(pre.answers[0]).toBeInstanceOf(InputRequiredSignal);
  });

  it("checks accepted form content against the requestedSchema", async () => {
    const r1 = await round(new InputReplay(undefined, undefined), [askName]);
    const bad = await round(
      new InputReplay({ "elicit-1": { action: "accept", content: { name: { nested: true } } } }, stateOf(r1.wire)),
      [askName],
    );
    expect(bad.answers[0]).toBeInstanceOf(ClientRequestError);
    expect(String(bad.answers[0])).toMatch(/does not match its requestedSchema/);
  });

  it("sends URL elicitations with their mode and form ones without", async () => {
    const replay = new InputReplay(undefined, undefined);
    await replay.elicit({ ...FORM, mode: "form" }, signal).catch(() => undefined);
    await replay
      .elicit({ mode: "url", message: "Sign in", url: "https://example.com/login" }, signal)
      .catch(() => undefined);
    const outcome = replay.outcome({ status: "success", data: null });
    const requests = "inputRequired" in outcome ? outcome.inputRequired.inputRequests : {};
    expect(requests["elicit-1"]?.params).toEqual(FORM);
    expect(requests["elicit-2"]?.params).toEqual({ mode: "url", message: "Sign in", url: "https://example.com/login" });
  });

  it("ignores foreign, malformed or oversized state, and refuses to send state over the limit", async () => {
    for (const state of [
      "not base64 json",
      Buffer.from('{"v":1,"answers":{}}').toString("base64url"),
      "x".repeat(300_000),
      42,
    ]) {
      const r = await round(new InputReplay({ "elicit-1": { action: "decline" } }, state), [askName]);
      expect(r.answers[0]).toBeInstanceOf(InputRequiredSignal);
    }
    const params = { messages: [{ role: "user" as const, content: { type: "text", text: "hi" } }], maxTokens: 5 };
    const sample = (r: InputReplay) => r.createMessage(params, signal);
    const r1 = await round(new InputReplay(undefined, undefined), [sample, askName]);
    const huge = { role: "assistant", model: "m", content: { type: "text", text: "x".repeat(300_000) } };
    const r2 = await round(new InputReplay({ "sample-1": huge }, stateOf(r1.wire)), [sample, askName]);
    expect(r2.wire).toMatchObject({ status: "failure", error: { error_type: "ClientRequestError" } });
  });

  it("checks sampling answers too", async () => {
    const params = { messages: [{ role: "user" as const, content: { type: "text", text: "hi" } }], maxTokens: 5 };
    const sample = (r: InputReplay) => r.createMessage(params, signal);
    const r1 = await round(new InputReplay(undefined, undefined), [sample]);
    const ok = await round(
      new InputReplay(
        { "sample-1": { role: "assistant", content: { type: "text", text: "yo" }, model: "m" } },
        stateOf(r1.wire),
      ),
      [sample],
    );
    expect(ok.answers[0]).toMatchObject({ model: "m" });
    const bad = await round(new InputReplay({ "sample-1": { role: "robot" } }, stateOf(r1.wire)), [sample]);
    expect(String(bad.answers[0])).toMatch(/not a sampling result/);
  });
});

describe("requests to the client end with the call", () => {
  it("a request the handler stopped waiting for is aborted when the call returns", async () => {
    let seen: AbortSignal | undefined;
    const registry = registryWith(async (ctx) => {
      const asked = ctx.elicit(FORM).catch(() => "gave up");
      return Promise.race([asked, new Promise((resolve) => setTimeout(() => resolve("timer"), 10))]);
    });
    const result = await registry.execute(
      { tool_name: "asker", arguments: {} },
      {
        clientRequests: {
          elicit: (_params, s) => {
            seen = s;
            return new Promise<ElicitResult>(() => undefined);
          },
        },
      },
    );
    expect(result).toMatchObject({ status: "success", data: "timer" });
    expect(seen?.aborted).toBe(true);
  });
});
