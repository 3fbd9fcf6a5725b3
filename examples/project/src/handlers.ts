// src/handlers.ts — one handler per tool, typed from the spec.
import type { ToolHandlers } from "../generated/server.js";

const GREETINGS = { en: "Hello", fr: "Bonjour", de: "Hallo" } as const;

export const handlers: ToolHandlers = {
  greeter: {
    // `name` is a string and `language` one of "en" | "fr" | "de"; returning anything
    // but { greeting, language } does not compile.
    getGreeting: ({ name, language = "en" }) => ({ greeting: `${GREETINGS[language]}, ${name}!`, language }),
  },
};
