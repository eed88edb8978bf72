import type { AppContext } from '../../context.js';
import { totalPageViews } from '../analytics/analytics.service.js';

/**
 * Pushes the site-wide visit counter to this server's streams whenever it moved: one query per
 * server per tick, however many members are watching, and none while nobody is.
 */
export function startVisitsFeed(
  ctx: Pick<AppContext, 'db' | 'events' | 'log'>,
  everyMs: number,
): () => void {
  let lastSent: number | null = null;
  const timer = setInterval(async () => {
    if (ctx.events.streamCount() === 0) return;
    try {
      const total = await totalPageViews(ctx);
      if (total !== lastSent) ctx.events.deliverLocally({ type: 'visits', totalPageViews: total });
      lastSent = total;
    } catch (error) {
      ctx.log.warn({ err: error }, 'Could not count visits for live streams');
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
