#!/usr/bin/env node
// The command is the built dist/cli.js. This entry sits in the source tree so that a fresh `pnpm install` of the
// workspace can link the command before the first build (a bin inside dist/ is skipped with a warning).
import '../dist/cli.js';
