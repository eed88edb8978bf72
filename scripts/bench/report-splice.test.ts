import { describe, expect, it } from 'vitest';
import { keepOtherSections } from './report-splice.js';

describe('a full run over the last report', () => {
  it('keeps the sections other benches wrote, in order, before the missed targets', () => {
    const previous = [
      '# Results',
      '',
      '## API',
      '',
      'old api',
      '',
      '## Trade solver (issue 16)',
      '',
      'solver figures',
      '',
      '## Lists as history grows',
      '',
      'history figures',
      '## Missed targets, by how much, and why',
      '',
      'old misses',
      '',
    ].join('\n');
    const fresh =
      '# Results\n\n## API\n\nnew api\n\n## Missed targets, by how much, and why\n\nnew misses\n';
    const merged = keepOtherSections(previous, fresh);
    expect(merged).toContain('new api');
    expect(merged).not.toContain('old api');
    expect(merged).toContain('new misses');
    expect(merged).not.toContain('old misses');
    const order = ['## API', 'solver figures', 'history figures', '## Missed targets'].map((text) =>
      merged.indexOf(text),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('leaves a report with nothing else in it as the run wrote it', () => {
    const fresh = '# Results\n\n## API\n\nnew\n';
    expect(keepOtherSections('', fresh)).toBe(fresh);
    expect(keepOtherSections(fresh.replace('new', 'old'), fresh)).toBe(fresh);
  });
});
