/** How bad a finding is. Any `error` fails the run and nothing is written. */
export type Severity = "error" | "warning" | "info";
