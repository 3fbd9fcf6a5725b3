/**
 * Resource limits of mcp-specgen's worker threads (parsing, generators): a young generation
 * four times V8's default. Parsing and generating allocate many short-lived objects (tokens,
 * tree nodes, schema copies), and at the default size the collector runs so often that it
 * takes about a third of the time. Only this size changes; nothing else about the workers.
 */
export const WORKER_LIMITS = { maxYoungGenerationSizeMb: 96 };
