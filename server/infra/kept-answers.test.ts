import { describe, expect, it } from 'vitest';
import { createKeptAnswers } from './kept-answers.js';

function hearing(options: { maxEntries?: number; maxSize?: number } = {}) {
  const kept = createKeptAnswers<string>({ maxAgeMs: 5000, sizeOf: (v) => v.length, ...options });
  kept.setHearing(true);
  return kept;
}

describe('kept answers', () => {
  it('lets the oldest answers go when what it keeps would pass its size', () => {
    const kept = hearing({ maxSize: 10 });
    kept.remember('a', 'ada', 'xxxx', kept.stamp(), 0);
    kept.remember('b', 'bob', 'yyyy', kept.stamp(), 1);
    kept.remember('c', 'cy', 'zzzz', kept.stamp(), 2);
    expect(kept.get('a', 3)).toBeUndefined();
    expect(kept.get('b', 3)).toBe('yyyy');
    expect(kept.get('c', 3)).toBe('zzzz');
    // One answer larger than the whole is not kept, and sends nothing away.
    kept.remember('d', 'di', 'x'.repeat(11), kept.stamp(), 4);
    expect(kept.get('d', 5)).toBeUndefined();
    expect(kept.stats().entries).toBe(2);
  });

  it('counts the size of an answer stored again once', () => {
    const kept = hearing({ maxSize: 8 });
    kept.remember('a', 'ada', 'xxxx', kept.stamp(), 0);
    kept.remember('a', 'ada', 'xxxx', kept.stamp(), 1);
    kept.remember('b', 'bob', 'yyyy', kept.stamp(), 2);
    expect(kept.get('a', 3)).toBe('xxxx');
    expect(kept.get('b', 3)).toBe('yyyy');
  });

  it('forgets every answer of one member, and only theirs', () => {
    const kept = hearing();
    kept.remember('ada|10', 'ada', 'p1', kept.stamp(), 0);
    kept.remember('ada|25', 'ada', 'p2', kept.stamp(), 0);
    kept.remember('bob|25', 'bob', 'p3', kept.stamp(), 0);
    kept.forgetMember('ada');
    expect(kept.get('ada|10', 1)).toBeUndefined();
    expect(kept.get('ada|25', 1)).toBeUndefined();
    expect(kept.get('bob|25', 1)).toBe('p3');
  });

  it('drops an answer that is no longer valid, and changes one in place', () => {
    const kept = hearing();
    kept.remember('k', 'ada', 'old', kept.stamp(), 0);
    kept.update('k', () => 'new');
    expect(kept.get('k', 1)).toBe('new');
    expect(kept.get('k', 1, (v) => v !== 'new')).toBeUndefined();
    expect(kept.get('k', 1)).toBeUndefined();
  });
});

describe('kept answers per member', () => {
  it("keeps a member's latest answers only, not sending others' away", () => {
    const kept = createKeptAnswers<string>({ maxAgeMs: 5000, maxPerMember: 2 });
    kept.setHearing(true);
    kept.remember('bob|1', 'bob', 'b', kept.stamp(), 0);
    for (const page of [1, 2, 3])
      kept.remember(`ada|${page}`, 'ada', `a${page}`, kept.stamp(), page);
    expect(kept.get('ada|1', 4)).toBeUndefined();
    expect(kept.get('ada|2', 4)).toBe('a2');
    expect(kept.get('ada|3', 4)).toBe('a3');
    expect(kept.get('bob|1', 4)).toBe('b');
  });

  it("lets the member's least recently used answer go first", () => {
    const kept = createKeptAnswers<string>({ maxAgeMs: 5000, maxPerMember: 2 });
    kept.setHearing(true);
    kept.remember('ada|live', 'ada', 'live', kept.stamp(), 0);
    kept.remember('ada|with-bob', 'ada', 'bob', kept.stamp(), 1);
    expect(kept.get('ada|live', 2)).toBe('live');
    kept.remember('ada|with-cy', 'ada', 'cy', kept.stamp(), 3);
    expect(kept.get('ada|with-bob', 4)).toBeUndefined();
    expect(kept.get('ada|live', 4)).toBe('live');
    expect(kept.get('ada|with-cy', 4)).toBe('cy');
  });

  it('counts the size of an answer changed in place', () => {
    const kept = createKeptAnswers<string>({ maxAgeMs: 5000, maxSize: 6, sizeOf: (v) => v.length });
    kept.setHearing(true);
    kept.remember('a', 'ada', 'xx', kept.stamp(), 0);
    kept.update('a', () => 'xxxxx');
    kept.remember('b', 'bob', 'yy', kept.stamp(), 1);
    expect(kept.get('a', 2)).toBeUndefined();
    expect(kept.get('b', 2)).toBe('yy');
  });
});
