import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../../shared/events.js';
import { createStandaloneEventBus } from '../../infra/event-bus.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { startVisitsFeed } from './visits-feed.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('visits feed', () => {
  it('pushes the counter when it moves, and only then', async () => {
    const ctx = { db: t.db, log: t.app.log, events: createStandaloneEventBus(t.db, t.app.log) };
    const received: LiveEvent[] = [];
    const unsubscribe = ctx.events.subscribe('someone', {
      deliver: (e) => received.push(e),
      close: () => {},
    });
    const stop = startVisitsFeed(ctx, 100);
    await sleep(350);
    const visit = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/page-views',
        payload: { path: '/' },
        headers: { 'user-agent': 'Mozilla/5.0 Firefox/140.0' },
      });
    await visit();
    await visit();
    await sleep(350);
    stop();
    unsubscribe();
    await ctx.events.close();
    const visits = received.filter((e) => e.type === 'visits');
    expect(visits[0]).toEqual({ type: 'visits', totalPageViews: 0 });
    expect(visits.at(-1)).toEqual({ type: 'visits', totalPageViews: 2 });
    expect(visits.length).toBeLessThanOrEqual(3);
  });
});
