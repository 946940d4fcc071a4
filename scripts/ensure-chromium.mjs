// Makes sure Debian's Chromium is present for the docs browser test (playwright-core drives it;
// a browser downloaded by Playwright is never used). Installs it when we are root and apt-get
// exists; otherwise explains how to install it.
// Usage: node scripts/ensure-chromium.mjs [--required]
// Exit code: 0 when Chromium is there afterwards. When it is still missing: 1 with --required
// (CI), else 0 after the message, so that setup goes on and only the browser test fails.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

// biome-ignore lint/suspicious/noUndeclaredEnvVars: run by `setup` directly, not as a turbo task.
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const howTo =
  'Install it with: sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium\n' +
  '(or set CHROMIUM_PATH to an existing Chromium binary).';

function hasAptGet() {
  return spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

function apt(args) {
  const res = spawnSync('apt-get', args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return res.status === 0;
}

const required = process.argv.includes('--required');

// When Chromium cannot be had: the message always, a failing exit code only if asked for.
function missing(message) {
  console.error(`ensure-chromium: ${message}\n${howTo}`);
  if (!required)
    console.error('ensure-chromium: continuing; the docs browser test will fail until Chromium is installed.');
  return required ? 1 : 0;
}

function main() {
  if (existsSync(chromiumPath)) {
    console.log(`ensure-chromium: found ${chromiumPath}`);
    return 0;
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !hasAptGet()) {
    return missing(
      `${chromiumPath} is missing and it cannot be installed automatically ` +
        `(${isRoot ? 'apt-get is not available' : 'not running as root'}).`,
    );
  }
  console.log('ensure-chromium: installing Debian package chromium (about 350 MB)...');
  if (!apt(['update']) || !apt(['install', '-y', '--no-install-recommends', 'chromium'])) {
    return missing('apt-get failed.');
  }
  if (!existsSync(chromiumPath)) return missing(`apt-get succeeded but ${chromiumPath} is still missing.`);
  console.log(`ensure-chromium: installed ${chromiumPath}`);
  return 0;
}

process.exitCode = main();
