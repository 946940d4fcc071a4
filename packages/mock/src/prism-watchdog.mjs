// @ts-check
// Preloaded into every Prism process (`node --import`): the starter holds the other end of this
// process's stdin, so when the starter goes away without cleaning up (SIGKILL, crash, a test runner
// killed on timeout), stdin ends and Prism exits instead of keeping its port.
process.stdin.on('end', () => process.exit(0));
process.stdin.on('error', () => process.exit(0));
process.stdin.resume();
