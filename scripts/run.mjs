// Runs a command of a workspace binary and exits with its code when it fails.
import { spawnSync } from 'node:child_process';

export function run(cmd, args, options = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', ...options });
  if (res.error) throw res.error;
  if (res.status !== 0) {
    console.error(`\n${cmd} ${args.join(' ')} failed with exit code ${res.status}`);
    process.exit(res.status ?? 1);
  }
  return res;
}
