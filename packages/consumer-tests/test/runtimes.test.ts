// A runtime's install put in place (src/runtimes.mjs putInPlace): stages that run side by side may install the same
// runtime at once, and the first complete install in place must stay.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { putInPlace } from '../src/runtimes.mjs';

let root: string;
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** A finished install in a temporary folder under `root`, marked by `name`. */
function install(name: string): string {
  const dir = fs.mkdtempSync(path.join(root, '.node-'));
  fs.writeFileSync(path.join(dir, 'which'), name);
  fs.writeFileSync(path.join(dir, '.complete'), 'now\n');
  return dir;
}

describe('putInPlace', () => {
  it('puts an install where none is, and keeps the first of two complete ones', () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'runtimes-'));
    const dir = path.join(root, 'node-24');
    const first = install('first');
    const second = install('second');
    putInPlace(first, dir);
    putInPlace(second, dir);
    expect(fs.readFileSync(path.join(dir, 'which'), 'utf8')).toBe('first');
    // The second install's folder is gone: nothing is left behind.
    expect(fs.readdirSync(root)).toEqual(['node-24']);
  });

  it('replaces an incomplete install (an interrupted download)', () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'runtimes-'));
    const dir = path.join(root, 'node-24');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'which'), 'half');
    putInPlace(install('whole'), dir);
    expect(fs.readFileSync(path.join(dir, 'which'), 'utf8')).toBe('whole');
    expect(fs.existsSync(path.join(dir, '.complete'))).toBe(true);
  });
});
