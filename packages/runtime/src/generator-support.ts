/**
 * What mcp-specgen's generator imports from the runtime, without the rest of it: pattern
 * translation onto the linear-time engine, tool-name rules, JSON pointers and canonical
 * JSON. The generator is released with this package and loads this entry instead of the
 * index, which also loads the registry and the MCP servers and clients a build never runs.
 * Not part of the runtime's API: it may change in any release.
 */
export { canonicalJson } from "./canonical-json.js";
export { isValidToolName, STRICT_TOOL_NAME_PATTERN } from "./messages.js";
export { escapePointerToken, pointerTokens } from "./paths.js";
export { backtrackingRisk } from "./patterns/backtracking-risk.js";
export {
  compilePattern,
  linearOrCappedRegExp,
  linearRegExp,
  type BacktrackingOptions,
  type PatternMatcher,
} from "./patterns/linear-regexp.js";
export { compileRe2Syntax, translateToRe2Syntax, type PatternSyntax } from "./patterns/translate.js";
