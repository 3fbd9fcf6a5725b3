// src/validation-budget.ts — a registry that validates every value under a 200 ms budget, however small the value.
import { createRegistry } from "../generated/server.js";
import { handlers } from "./handlers.js";

export const registry = createRegistry(handlers, { validationBudget: { timeoutMs: 200, minSize: 0 } });
