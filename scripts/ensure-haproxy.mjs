// Makes sure Debian's HAProxy is present for the sandbox's balancer test (packages/sandbox/test/team-service/haproxy.test.ts
// runs deploy/haproxy.cfg in it). Installs it when we are root and apt-get exists; otherwise explains how.
// Usage: node scripts/ensure-haproxy.mjs [--required]
// Exit code: 0 when HAProxy is there afterwards. When it is still missing: 1 with --required (CI), else 0 after
// the message, so that setup goes on and only the balancer test fails (it says it did not run).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

// biome-ignore lint/suspicious/noUndeclaredEnvVars: run by `setup` directly, not as a turbo task.
const haproxyPath = process.env.HAPROXY_PATH || '/usr/sbin/haproxy';

const howTo =
  'Install it with: sudo apt-get update && sudo apt-get install -y --no-install-recommends haproxy\n' +
  '(or set HAPROXY_PATH to an existing HAProxy 2.6 binary).';

const hasAptGet = () => spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;

const apt = (args) =>
  spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
    .status === 0;

const required = process.argv.includes('--required');

function missing(message) {
  console.error(`ensure-haproxy: ${message}\n${howTo}`);
  if (!required)
    console.error('ensure-haproxy: continuing; the sandbox balancer test will fail until HAProxy is installed.');
  return required ? 1 : 0;
}

function main() {
  if (existsSync(haproxyPath)) {
    console.log(`ensure-haproxy: found ${haproxyPath}`);
    return 0;
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !hasAptGet()) {
    return missing(
      `${haproxyPath} is missing and it cannot be installed automatically (${isRoot ? 'apt-get is not available' : 'not running as root'}).`,
    );
  }
  console.log('ensure-haproxy: installing Debian package haproxy (about 5 MB)...');
  if (!apt(['update']) || !apt(['install', '-y', '--no-install-recommends', 'haproxy']))
    return missing('apt-get failed.');
  if (!existsSync(haproxyPath)) return missing(`apt-get succeeded but ${haproxyPath} is still missing.`);
  console.log(`ensure-haproxy: installed ${haproxyPath}`);
  return 0;
}

process.exitCode = main();
