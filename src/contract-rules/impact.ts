/** How much a change matters to a caller, as semantic versioning counts it. */
export type Impact = "major" | "minor" | "patch";

/** The impacts from the most to the least severe. */
export const IMPACTS: readonly Impact[] = ["major", "minor", "patch"];

/** Which way data flows through a schema: `input` is what a caller sends, `output` what a caller reads. */
export type Direction = "input" | "output";
