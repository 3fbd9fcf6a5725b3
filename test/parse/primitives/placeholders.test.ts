import { describe, expect, it } from "vitest";
import { isPlaceholder, isTemplatePlaceholderName } from "../../../src/parse/primitives/placeholders.js";

type Case = [name: string, { given: string; want: boolean }];

const placeholderCases: Case[] = [
  // From the corpus template and examples.
  ["[ExampleValue1]", { given: "[ExampleValue1]", want: true }],
  ["[Parameter1Name]", { given: "[Parameter1Name]", want: true }],
  ["[your_tool_invocation_name]", { given: "[your_tool_invocation_name]", want: true }],
  ["[Brief description...]", { given: "[Brief description...]", want: true }],
  [
    "[Description of parameter2 (e.g., optional, with default value X)]",
    { given: "[Description of parameter2 (e.g., optional, with default value X)]", want: true },
  ],
  ["<name>", { given: "<name>", want: true }],
  ["bare ellipsis", { given: "...", want: true }],
  ["unicode ellipsis", { given: "…", want: true }],
  ["truncated hash", { given: "a1b2c3d4e5f6...", want: true }],
  ["truncated URL", { given: "https://www.google.com/calendar/event?eid=...", want: true }],
  ["whole-value template", { given: "{{previous_result.content}}", want: true }],
  ["bare type word value", { given: "value", want: true }],
  ["bare type word string", { given: "string", want: true }],

  // Other common forms.
  ["<path>", { given: "<path>", want: true }],
  ["<your-token>", { given: "<your-token>", want: true }],
  ["embedded <your-token>", { given: "Bearer <your-token>", want: true }],
  ["msg_...", { given: "msg_...", want: true }],
  ["YOUR_API_KEY", { given: "YOUR_API_KEY", want: true }],
  ["embedded YOUR_", { given: "sk-YOUR_KEY_HERE", want: true }],
  ["your-api-key", { given: "your-api-key", want: true }],
  ["xxx", { given: "xxx", want: true }],
  ["sk-xxxx", { given: "sk-xxxx", want: true }],
  ["masked secret", { given: "sk-****abcd", want: true }],
  ["{{ var }} with spaces", { given: "{{ var }}", want: true }],
  ["${VAR}", { given: "${API_TOKEN}", want: true }],
  ["TODO", { given: "TODO", want: true }],

  // Ordinary values.
  ["html <b>", { given: "<b>", want: false }],
  ["html <br/>", { given: "<br/>", want: false }],
  ["autolink", { given: "<https://example.com/x>", want: false }],
  ["JSON-ish list text", { given: "[1,2]", want: false }],
  ["checkbox", { given: "[x]", want: false }],
  ["short bracketed list", { given: "[a, b]", want: false }],
  ["quoted list text", { given: '["a"]', want: false }],
  ["markdown link", { given: "[docs](https://x.y)", want: false }],
  ["prose ending in ellipsis (corpus)", { given: "The JWT implementation has several considerations...", want: false }],
  ["multi-line output with ellipsis (corpus)", { given: "Applied changes to src/app.py\n...", want: false }],
  ["traceback mentioning <string> (corpus)", { given: 'File "<string>", line 3, in process_data', want: false }],
  ["template inside prose (corpus)", { given: "Summarize this transcript: {{previous_result.text}}", want: false }],
  ["word containing xxx", { given: "exxxample", want: false }],
  ["ordinary path", { given: "/path/to/repo", want: false }],
  ["your inside a word", { given: "yourself", want: false }],
  ["empty", { given: "", want: false }],
  ["number text", { given: "42", want: false }],
  ["normal word", { given: "success", want: false }],
];

const nameCases: Case[] = [
  ["[YourToolName]", { given: "[YourToolName]", want: true }],
  ["backticked template name (corpus)", { given: "`[your_tool_invocation_name]`", want: true }],
  ["<tool_name>", { given: "<tool_name>", want: true }],
  ["{{name}}", { given: "{{name}}", want: true }],
  ["YourToolName", { given: "YourToolName", want: true }],
  ["your_tool", { given: "your_tool", want: true }],
  ["YOUR_TOOL", { given: "YOUR_TOOL", want: true }],
  ["real tool name", { given: "aider_edit", want: false }],
  ["dotted real name", { given: "codomyrmex.list_modules", want: false }],
  ["a parameter called value", { given: "value", want: false }],
  ["a parameter called string", { given: "string", want: false }],
  ["yourself is a word", { given: "yourself", want: false }],
];

describe("isPlaceholder", () => {
  it.each(placeholderCases)("%s", (_name, { given, want }) => {
    expect(isPlaceholder(given)).toBe(want);
  });

  it("can leave type words alone", () => {
    expect(isPlaceholder("string", { typeWords: false })).toBe(false);
    expect(isPlaceholder("[DataType]", { typeWords: false })).toBe(true);
  });
});

describe("isTemplatePlaceholderName", () => {
  it.each(nameCases)("%s", (_name, { given, want }) => {
    expect(isTemplatePlaceholderName(given)).toBe(want);
  });
});
