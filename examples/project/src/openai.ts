// src/openai.ts — let an OpenAI model call the tools: the generated tool definitions go out,
// the model's tool calls come back to the registry, the results go back to the model.
import type OpenAI from "openai";
import {
  errorToDetail,
  fromOpenAIToolCall,
  inProcessTransport,
  toOpenAIToolMessage,
  type MCPToolResult,
} from "@mcp-specgen/runtime";
import { createRegistry } from "../generated/server.js";
import { openaiChatTools, openaiTools } from "../generated/vendors/openai.js";
import { handlers } from "./handlers.js";

const call = inProcessTransport(createRegistry(handlers));

/** Asks the model a question it may answer by calling the tools; resolves with its final answer. */
export async function ask(openai: OpenAI, question: string, model = "gpt-4.1-mini"): Promise<string> {
  const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: "user", content: question }];
  for (let turn = 0; turn < 5; turn++) {
    const completion = await openai.chat.completions.create({ model, messages, tools: openaiChatTools });
    const message = completion.choices[0]!.message;
    messages.push(message);
    if (!message.tool_calls?.length) return message.content ?? "";
    for (const toolCall of message.tool_calls) {
      let result: MCPToolResult;
      try {
        // The wire name comes back from the function name, and the nulls strict mode makes
        // the model send for what it leaves out are removed (never a null the spec allows).
        result = await call(fromOpenAIToolCall(toolCall, openaiTools), {});
      } catch (error) {
        // An unknown function or arguments that are not JSON: the model reads why and retries.
        result = { status: "failure", data: null, error: errorToDetail(error) };
      }
      messages.push(toOpenAIToolMessage(result, toolCall.id));
    }
  }
  throw new Error("the model kept calling tools");
}
