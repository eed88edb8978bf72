import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.js';

describe('toCsv', () => {
  it('quotes commas, quotes and newlines, and defuses formulas', () => {
    const csv = toCsv(
      ['a', 'b', 'c'],
      [
        ['x,y', 'say "hi"', '=HYPERLINK("evil")'],
        [null, 3, new Date('2026-01-02T03:04:05Z')],
        ['line\nbreak', '-1', '@cmd'],
      ],
    );
    expect(csv).toBe(
      'a,b,c\r\n"x,y","say ""hi""","\'=HYPERLINK(""evil"")"\r\n,3,2026-01-02T03:04:05.000Z\r\n"line\nbreak",\'-1,\'@cmd\r\n',
    );
  });
});
