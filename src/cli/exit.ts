/**
 * Exit codes: 0 ok, 1 spec errors, drift, a failed write or (`diff --fail-on`) a change of
 * that impact, 2 usage, 3 (`diff` only) a side that cannot be compared, so that a CI gate
 * tells "a breaking change" from "nothing was compared".
 */
export const EXIT = { ok: 0, failed: 1, usage: 2, incomparable: 3 } as const;
