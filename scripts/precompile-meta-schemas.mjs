#!/usr/bin/env node
// Part of `npm run build`, after tsc: writes each JSON Schema dialect's meta-schema check as
// ajv standalone code beside the compiled src/schema/ajv.js (dist/src/schema/meta-schema-
// <dialect>.cjs), so a run loads it instead of compiling the meta-schema (see
// `metaSchemaErrors` in src/schema/ajv.ts).
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { DIALECTS, metaSchemaCheckModule, precompiledMetaSchemaFile } from "../dist/src/schema/ajv.js";

for (const dialect of DIALECTS) {
  writeFileSync(fileURLToPath(precompiledMetaSchemaFile(dialect)), metaSchemaCheckModule(dialect));
}
