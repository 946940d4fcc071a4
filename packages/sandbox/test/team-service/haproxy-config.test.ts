// The shipped haproxy.cfg holds together (one home per process everywhere the count appears), and the checker the
// runbook runs after "add a process" names each place a half-done edit missed.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the deploy folder, without declarations
import { checkConfig } from '../../deploy/check-haproxy-cfg.mjs';

const shipped = fs.readFileSync(path.resolve(import.meta.dirname, '../../deploy/haproxy.cfg'), 'utf8');
type Checked = { processes: number; problems: string[] };
const check = checkConfig as (text: string) => Checked;

describe('the team service configuration checker', () => {
  it('passes the shipped configuration: three processes', () => {
    expect(check(shipped)).toEqual({ processes: 3, problems: [] });
  });

  it('names every place a fourth process was not added', () => {
    const { problems } = check(shipped.replace('mod(3)', 'mod(4)'));
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toMatch(
      /home_s1 … home_s4.*\n.*use_backend.*\n.*first_up.*\n.*home_s4 has no checked server s4/,
    );
  });

  it('passes a fourth process added in every place', () => {
    const four = shipped
      .replace('mod(3)', 'mod(4)')
      .replace(
        'use_backend home_s3 if { var(txn.home) -m int 3 }',
        'use_backend home_s3 if { var(txn.home) -m int 3 }\n    use_backend home_s4 if { var(txn.home) -m int 4 }',
      )
      .replace(
        '# Calls that name no app',
        'backend home_s4\n    server s4 "${SANDBOX_4-127.0.0.1:4024}" check inter 1s fall 2 rise 1\n\n# Calls that name no app',
      )
      .replace(
        '    server s3 "${SANDBOX_3-127.0.0.1:4023}" track home_s3/s3',
        '    server s3 "${SANDBOX_3-127.0.0.1:4023}" track home_s3/s3\n    server s4 "${SANDBOX_4-127.0.0.1:4024}" track home_s4/s4',
      );
    expect(check(four)).toEqual({ processes: 4, problems: [] });
  });
});
