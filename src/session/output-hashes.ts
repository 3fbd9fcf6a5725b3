import type { GeneratedFile } from "../generator-kit/contract.js";

/**
 * The SHA-256 of each output path's contents as a run last hashed them (`hash` is always
 * the SHA-256 of `contents`: pass an empty map and let the runs fill it). Comparing the
 * new contents with the kept ones (the very same string, for a module that came from the
 * memo store; mostly the same strings, for a file that holds every tool) is much cheaper
 * than hashing them again. A build session of `generate --watch` keeps one.
 */
export type OutputHashes = Map<string, { contents: GeneratedFile["contents"]; hash: string }>;
