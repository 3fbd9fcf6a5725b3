/** Exit codes: 0 ok, 1 spec errors, drift or a failed write, 2 usage. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;
