import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { solveTrade } from '../solver/solve.js';
import type { SolverResult } from '../solver/types.js';
import { parseWantList, solverOptionsOf } from './parse-want-list.js';
import { writeReport } from './write-report.js';

const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

async function report(name: string) {
  const parsed = parseWantList(fixture(name));
  return writeReport(parsed, await solveTrade(parsed.input, solverOptionsOf(parsed.options)));
}

describe('writeReport', () => {
  it("lays out TradeMaximizer's README example exactly as TradeMaximizer does", async () => {
    expect(await report('small.txt')).toBe(
      [
        'SwapMarket trade solver (TradeMaximizer want lists and report)',
        'Options: LINEAR-PRIORITIES',
        '',
        'TRADE LOOPS (5 total trades):',
        '',
        '(ALICE) 1 receives (CRAIG) 3',
        '(CRAIG) 3 receives (FIONA) 6',
        '(FIONA) 6 receives (ALICE) 1',
        '',
        '(BETTY) 2 receives (DAVID) 4',
        '(DAVID) 4 receives (BETTY) 2',
        '',
        'ITEM SUMMARY (5 total trades):',
        '',
        '(ALICE) 1 receives (CRAIG) 3 and sends to (FIONA) 6',
        '(BETTY) 2 receives (DAVID) 4 and sends to (DAVID) 4',
        '(CRAIG) 3 receives (FIONA) 6 and sends to (ALICE) 1',
        '(DAVID) 4 receives (BETTY) 2 and sends to (BETTY) 2',
        '(ETHAN) 5             does not trade',
        '(FIONA) 6 receives (ALICE) 1 and sends to (CRAIG) 3',
        '',
        'Num trades   = 5 of 6 items (83.3%)',
        'Total cost   = 7 (avg 1.40)',
        'Num groups   = 2',
        'Group sizes  = 3 2',
        'Sum squares  = 13',
        'Num members  = 5 of 6 members trading (83.3%)',
        'Optimal      = yes (most items, then most members trading, then lowest cost)',
        '',
      ].join('\n'),
    );
  });

  it('shows official names, missing want lists, and hides non-trades when asked', async () => {
    const text = await report('official-names.txt');
    expect(text).toContain('**** Missing want list for official name 0006-CHESS');
    expect(text).toMatch(/\(ANN\) 0001-CATAN {2}receives \(CAT\) 0003-AZUL {4}"Azul"/);
    expect(text).not.toContain('does not trade');
    expect(text).toContain('Num trades   = 4 of 5 items (80.0%)');
  });

  it('lists errors sorted, with line numbers, and the elapsed time only when asked', async () => {
    const text = await report('errors.txt');
    const errors = text
      .slice(text.indexOf('ERRORS:'), text.indexOf('TRADE LOOPS'))
      .trim()
      .split('\n');
    expect(errors.slice(1)).toEqual([...errors.slice(1)].sort());
    expect(errors).toContain("**** Line 7: Missing ')' in username (line skipped)");
    expect(text).not.toContain('Elapsed time');
    const parsed = parseWantList(
      `#! SHOW-ELAPSED-TIME\n${fixture('small.txt').replace(/^#!.*$/m, '')}`,
    );
    const timed = writeReport(parsed, await solveTrade(parsed.input));
    expect(timed).toMatch(/\nElapsed time = \d+ms\n$/);
  });

  it('says how far from proven an answer stopped by the time limit is', async () => {
    const parsed = parseWantList(fixture('small.txt'));
    const result = await solveTrade(parsed.input);
    const stopped: SolverResult = {
      ...result,
      optimal: false,
      bound: { ...result.bound, itemsTraded: 6 },
    };
    expect(writeReport(parsed, stopped)).toContain(
      'Optimal      = not proven (time limit): at most 6 items could trade (gap 1, 16.67 %)',
    );
  });
});
