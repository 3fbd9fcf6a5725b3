// src/openai.ts — let an OpenAI model call the tools: the generated tool definitions go out,
// the model's tool calls come back to the registry, the results go back to the model.
import type OpenAI from "openai";
import { inProcessTransport } from "@mcp-specgen/runtime";
import manifest from "../generated/manifest.json" with { type: "json" };
import openaiTools from "../generated/openai.json" with { type: "json" };
import { createRegistry } from "../generated/server.js";
import { handlers } from "./handlers.js";

// JSON imports widen "function" to string, hence the cast.
const tools = openaiTools.chatCompletions as OpenAI.ChatCompletionTool[];
// Function names are reversible: the manifest maps each back to its tool.
const toolByFunction = new Map(manifest.tools.map((tool) => [tool.vendorNames.openai, tool.name]));
const call = inProcessTransport(createRegistry(handlers));

/** Asks the model a question it may answer by calling the tools; resolves with its final answer. */
export async function ask(openai: OpenAI, question: string, model = "gpt-4.1-mini"): Promise<string> {
  const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: "user", content: question }];
  for (let turn = 0; turn < 5; turn++) {
    const completion = await openai.chat.completions.create({ model, messages, tools });
    const message = completion.choices[0]!.message;
    messages.push(message);
    if (!message.tool_calls?.length) return message.content ?? "";
    for (const toolCall of message.tool_calls) {
      if (toolCall.type !== "function") continue;
      const result = await call(
        {
          tool_name: toolByFunction.get(toolCall.function.name) ?? toolCall.function.name,
          arguments: JSON.parse(toolCall.function.arguments) as Record<string, unknown>,
        },
        {},
      );
      messages.push({ role: "tool", tool_call_id: toolCall.id, content: JSON.stringify(result) });
    }
  }
  throw new Error("the model kept calling tools");
}
