// Makes sure Debian's Chromium is present for the docs browser test (playwright-core drives it;
// a browser downloaded by Playwright is never used). Installs it when we are root and apt-get
// exists; otherwise explains how to install it. Exit code 0 when Chromium is there afterwards.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

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

function main() {
  if (existsSync(chromiumPath)) {
    console.log(`ensure-chromium: found ${chromiumPath}`);
    return 0;
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !hasAptGet()) {
    console.error(
      `ensure-chromium: ${chromiumPath} is missing and it cannot be installed automatically ` +
        `(${isRoot ? 'apt-get is not available' : 'not running as root'}).\n${howTo}`,
    );
    return 1;
  }
  console.log('ensure-chromium: installing Debian package chromium (about 350 MB)...');
  if (!apt(['update']) || !apt(['install', '-y', '--no-install-recommends', 'chromium'])) {
    console.error(`ensure-chromium: apt-get failed.\n${howTo}`);
    return 1;
  }
  if (!existsSync(chromiumPath)) {
    console.error(`ensure-chromium: apt-get succeeded but ${chromiumPath} is still missing.\n${howTo}`);
    return 1;
  }
  console.log(`ensure-chromium: installed ${chromiumPath}`);
  return 0;
}

process.exitCode = main();
