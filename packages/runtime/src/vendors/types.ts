/**
 * The shapes shared by generated vendor modules (`generated/vendors/<vendor>.ts`) and the
 * runtime's vendor call and result mapping (`fromOpenAIToolCall`, `toOpenAIToolMessage`…).
 * Structural copies of what each vendor's SDK declares, so that neither generated code nor
 * the runtime depends on those packages: the generated values are assignable to the SDKs'
 * own types (tests prove it against `openai`, `@anthropic-ai/sdk` and `@google/genai`).
 */
import type { JsonSchemaObject } from "../types.js";

/** A vendor whose function-calling format mcp-specgen generates. */
export type Vendor = "openai" | "anthropic" | "gemini";

/** What the way back needs to know of one tool, by its vendor function name. */
export interface VendorToolEntry {
  /** The MCP wire name the vendor name maps back to. */
  readonly name: string;
  /**
   * The tool's module, as the generated API names it (`createModuleRegistry(module, …)`):
   * where modules share wire names and are served by registries of their own, it says
   * which registry a call goes to.
   */
  readonly module?: string;
  /** The tool's original input schema (the one its validators check). */
  readonly inputSchema: JsonSchemaObject;
  /**
   * The tool was sent in a strict form that makes every optional property required and
   * nullable (OpenAI's strict mode): its calls carry `null` for what the model left out,
   * which the way back removes — exactly those nulls, never one the original schema allows.
   */
  readonly optionalsAsNull: boolean;
}

/** A vendor's tools by function name: what `from…` functions map calls back with. */
export interface VendorToolIndex {
  readonly vendor: Vendor;
  readonly tools: { readonly [vendorName: string]: VendorToolEntry };
}
