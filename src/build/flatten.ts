/**
 * Has V8 store `text` as one flat string now. Text built by joining many strings is kept as
 * a tree of them (a rope) until it is first read character by character; every later copy
 * of an unflattened rope walks that tree again. Reading one character is what flattens a
 * rope in V8, in place; the text is the same either way.
 */
export function flatten(text: string): string {
  text.charCodeAt(0);
  return text;
}
