import { describe, expect, it } from 'vitest';
import { parseArgs, SECTION_IDS } from '../src/main.mjs';
import { formatBudget, formatValue, renderTable } from '../src/table.mjs';

describe('table', () => {
  it('formats ratios, sizes and shares', () => {
    expect(formatValue(1.0834, 'x')).toBe('1.08x');
    expect(formatValue(17.51, 'x')).toBe('17.5x');
    expect(formatValue(0.0064, 'x')).toBe('0.0064x');
    expect(formatValue(5476, 'B')).toBe('5.48 kB');
    expect(formatValue(1, 'share')).toBe('100%');
    expect(formatValue(Number.NaN, 'x')).toBe('n/a');
  });

  it('prints budgets as bounds', () => {
    expect(formatBudget({ figure: 'f', unit: 'x', min: 1, median: 1, max: 1, budget: { max: 1.1 } })).toBe('<= 1.10x');
    expect(formatBudget({ figure: 'f', unit: 'share', min: 1, median: 1, max: 1, budget: { min: 1 } })).toBe('>= 100%');
    expect(formatBudget({ figure: 'f', unit: 'x', min: 1, median: 1, max: 1 })).toBe('');
  });

  it('marks a missed budget, shows the baseline, and reports a failed section instead of hiding it', () => {
    const text = renderTable([
      {
        id: 'client',
        title: '1. Client overhead',
        rows: [
          {
            figure: 'push_single p50: client / fetch',
            unit: 'x',
            min: 1.05,
            median: 1.2,
            max: 1.3,
            baseline: { name: 'fetch', min: 0.2, median: 0.25, max: 0.3 },
            baselineUnit: 'ms',
            budget: { max: 1.1 },
            pass: false,
          },
          { figure: 'size', unit: 'B', min: 5000, median: 5000, max: 5000, budget: { max: 8000 }, pass: true },
        ],
        notes: ['a note'],
      },
      { id: 'mock', title: '5. Mock', rows: [], error: 'Prism did not start' },
    ]);
    const lines = text.split('\n');
    const row = lines.find((l) => l.includes('push_single p50'));
    expect(row).toMatch(/1\.05x\s+1\.20x\s+1\.30x\s+fetch 250 µs\s+<= 1\.10x\s+MISS/);
    expect(lines.find((l) => l.includes('size'))).toMatch(/5\.00 kB.*<= 8\.00 kB\s+ok$/);
    expect(text).toContain('- a note');
    expect(text).toContain('5. Mock\n  FAILED: Prism did not start');
  });
});

describe('arguments', () => {
  it('defaults to every section, full mode, non-strict', () => {
    const options = parseArgs([]);
    expect(options.only).toEqual(SECTION_IDS);
    expect(options.quick).toBe(false);
    expect(options.strict).toBe(false);
    expect(options.out.endsWith('bench-results.json')).toBe(true);
  });

  it('reads --quick, --strict, --only and --out', () => {
    const options = parseArgs(['--', '--quick', '--strict', '--only=size,types', '--out=/tmp/x.json']);
    expect(options).toMatchObject({ quick: true, strict: true, only: ['size', 'types'], out: '/tmp/x.json' });
  });

  it('refuses unknown sections and arguments', () => {
    expect(() => parseArgs(['--only=size,speed'])).toThrow(/unknown section\(s\): speed/);
    expect(() => parseArgs(['--fast'])).toThrow(/unknown argument/);
  });
});
