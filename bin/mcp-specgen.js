#!/usr/bin/env node
// Thin launcher: the CLI lives in src/cli and is compiled to dist/ by `npm run build`
// (run automatically by `npm install`).
import { main } from "../dist/src/cli/main.js";

process.exitCode = await main(process.argv.slice(2));
