// The benchmark tool's schemas, shared by the servers.
export const GET_SUM_INPUT = {
  type: "object",
  properties: { a: { type: "number" }, b: { type: "number" } },
  required: ["a", "b"],
  additionalProperties: false,
};
export const GET_SUM_OUTPUT = {
  type: "object",
  properties: { sum: { type: "number" } },
  required: ["sum"],
  additionalProperties: false,
};
