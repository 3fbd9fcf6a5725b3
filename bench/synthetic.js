// Synthetic spec sets for benchmarks: realistic, varied tool schemas, deterministic.

/** A tool-sized input schema (5–9 properties, nested object, array, enum, defaults). */
export function toolSchema(i) {
  return {
    type: "object",
    properties: {
      query: { type: "string", minLength: 1, description: `Search text for tool ${i}.` },
      limit: { type: "integer", minimum: 1, maximum: 100, default: 10, description: "Maximum results." },
      mode: { type: "string", enum: ["fast", "exact", `m${i % 7}`], description: "Matching mode." },
      tags: { type: "array", items: { type: "string" }, description: "Filter tags." },
      filter: {
        type: "object",
        description: "Structured filter.",
        properties: {
          field: { type: "string" },
          op: { type: "string", enum: ["eq", "lt", "gt"] },
          value: { type: ["string", "number"] },
        },
        required: ["field", "op"],
        additionalProperties: false,
      },
      ...(i % 2 ? { cursor: { type: "string", description: "Pagination cursor." } } : {}),
      ...(i % 3 ? { include_meta: { type: "boolean", default: false } } : {}),
    },
    required: ["query"],
    additionalProperties: false,
  };
}

/** A matching output schema. */
export function outputSchema(i) {
  return {
    type: "object",
    properties: {
      items: {
        type: "array",
        items: {
          type: "object",
          properties: { id: { type: "string" }, score: { type: "number" } },
          required: ["id", "score"],
          additionalProperties: false,
        },
      },
      total: { type: "integer", minimum: 0 },
      next_cursor: { type: ["string", "null"], description: `Cursor after page of tool ${i}.` },
    },
    required: ["items", "total"],
    additionalProperties: false,
  };
}

/** `count` MCP tool definitions spread over `modules` modules. */
export function jsonTools(count, modules = 50) {
  return Array.from({ length: count }, (_, i) => ({
    name: `mod_${i % modules}.tool_${i}`,
    description: `Tool number ${i}: searches collection ${i % modules} and returns scored items.`,
    version: "1.0.0",
    inputSchema: toolSchema(i),
    outputSchema: outputSchema(i),
    annotations: { readOnlyHint: i % 4 === 0 },
  }));
}

/** The same tools as Markdown in the canonical template, one file per module. */
export function markdownFiles(count, modules = 50) {
  const files = new Map();
  for (let i = 0; i < count; i++) {
    const m = `mod_${i % modules}`;
    const text = `## Tool: \`${m}.tool_${i}\`

**Version**: 1.0.0

### 1. Tool Purpose and Description

Tool number ${i}: searches collection ${i % modules} and returns scored items.

### 3. Input Schema (Parameters)

| Parameter Name | Type | Required | Description | Example Value |
| :-- | :-- | :-- | :-- | :-- |
| \`query\` | \`string\` | Yes | Search text. | \`"cats"\` |
| \`limit\` | \`integer\` | No | Maximum results (default: 10). | \`5\` |
| \`mode\` | \`enum["fast", "exact"]\` | No | Matching mode. | \`"fast"\` |
| \`tags\` | \`array[string]\` | No | Filter tags. | \`["a"]\` |

### 4. Output Schema (Return Value)

\`\`\`json
${JSON.stringify(outputSchema(i), null, 2)}
\`\`\`

### 6. Idempotency

- **Idempotent**: Yes

### 7. Usage Examples

\`\`\`json
{ "tool_name": "${m}.tool_${i}", "arguments": { "query": "cats", "limit": 5 } }
\`\`\`
`;
    files.set(
      `${m}/MCP_TOOL_SPECIFICATION.md`,
      (files.get(`${m}/MCP_TOOL_SPECIFICATION.md`) ?? "") + text + "\n---\n\n",
    );
  }
  return files;
}
