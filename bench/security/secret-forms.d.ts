// Types of secret-forms.js, for the tests that use it.

/** A canary: distinctive, never produced by anything but the form that holds it. */
export function canary(i: number): string;

/** One way of passing a secret: a stdio command (or a function of the shim directory), or a URL. */
export interface SecretForm {
  form: string;
  stdio?: string | ((bin: string) => string);
  url?: (base: string) => string;
  secrets: string[];
}

export const SECRET_FORMS: SecretForm[];

/** Executables the forms run; each starts the fake server. */
export const SHIMMED: string[];

/** Writes the shims into `dir` (created) and returns it: put it first on PATH. */
export function shimDirectory(dir: string): string;
