#!/usr/bin/env node
/**
 * The installed `eck` command (package.json `bin`): the same CLI as `npm run eck`, bundled to
 * dist/bin/eck.mjs by scripts/build-package.ts so it starts without a TypeScript loader.
 */
import '../cli/eck';
