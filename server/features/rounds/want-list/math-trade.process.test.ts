import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../../paths.js';

const fixtures = path.join(import.meta.dirname, 'fixtures');

/** Runs `scripts/math-trade.ts` the way `npm run math-trade` does. */
async function mathTrade(
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/math-trade.ts', ...args],
      { cwd: projectRoot },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe('npm run math-trade', () => {
  it('prints the report for a want-list file', async () => {
    const { code, stdout, stderr } = await mathTrade(path.join(fixtures, 'small.txt'));
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toContain('(ALICE) 1 receives (CRAIG) 3\n');
    expect(stdout).toContain('Num trades   = 5 of 6 items (83.3%)\n');
  });

  it('applies --max-cycle, --seed and --time-limit', async () => {
    const { code, stdout } = await mathTrade(
      '--max-cycle',
      '2',
      '--seed',
      '3',
      '--time-limit',
      '20',
      path.join(fixtures, 'small.txt'),
    );
    expect(code).toBe(0);
    expect(stdout).toContain('Num trades   = 4 of 6 items (66.7%)');
    expect(stdout).toContain('(ALICE) 1 receives (FIONA) 6\n(FIONA) 6 receives (ALICE) 1\n');
    expect(stdout).toContain('Max loop     = 2 items');
    expect(stdout).toContain('Optimal      = yes');
  });

  it('handles dummies, official names and a file full of mistakes', async () => {
    const dummies = await mathTrade(path.join(fixtures, 'dummies.txt'));
    expect(dummies.code).toBe(0);
    expect(dummies.stdout).not.toContain('%PINK');
    expect(dummies.stdout).toContain('Num trades   = 5 of 6 items');
    const names = await mathTrade(path.join(fixtures, 'official-names.txt'));
    expect(names.stdout).toContain('"Settlers of Catan, 4th edition"');
    const errors = await mathTrade(path.join(fixtures, 'errors.txt'));
    expect(errors.code).toBe(0);
    expect(errors.stdout).toContain(
      '**** Line 8: Missing colon with REQUIRE-COLONS selected (line skipped)',
    );
    expect(errors.stdout).toContain('**** Unknown option "WIBBLE": ignored (line 2)');
  });

  it('solves a medium round', async () => {
    const { code, stdout } = await mathTrade(path.join(fixtures, 'medium.txt'));
    expect(code).toBe(0);
    expect(stdout).toMatch(/Num trades {3}= \d+ of 120 items/);
    expect(stdout).toContain('Optimal      = yes');
  });

  it('fails with one line and a non-zero status on an unreadable file or bad arguments', async () => {
    const missing = await mathTrade(path.join(fixtures, 'no-such-file.txt'));
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(missing.stderr).toMatch(/^math-trade: cannot read .*no-such-file\.txt \(ENOENT\)/);
    for (const args of [
      [],
      ['--max-cycle', '1', 'x.txt'],
      ['--wat', 'x.txt'],
      ['--time-limit', '-3', 'x.txt'],
      ['a.txt', 'b.txt'],
    ]) {
      const bad = await mathTrade(...args);
      expect(bad.code).toBe(2);
      expect(bad.stdout).toBe('');
      expect(bad.stderr).toMatch(/^math-trade: /);
    }
  });
});
