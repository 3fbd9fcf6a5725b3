/**
 * Resource limits of mcp-specgen's worker threads (parsing, generators): a young generation
 * of the size V8 gives the main thread (a semi-space of 16 MB on 64-bit Node.js), set here
 * so that every worker has it. Parsing and generating allocate many short-lived objects
 * (tokens, tree nodes, schema copies); a larger young generation took no less CPU time in
 * large runs but raised their peak memory (measured in bench/RESULTS.md). Only this size
 * changes; nothing else about the workers.
 */
export const WORKER_LIMITS = { maxYoungGenerationSizeMb: 48 };
