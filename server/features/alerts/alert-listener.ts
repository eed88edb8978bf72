import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Subscribe } from '../../infra/features.js';
import { factsOf } from '../items/listing-changes.js';
import { quoted } from '../notifications/notification-words.js';
import { type NewNotification, notify } from '../notifications/notify.js';
import { findAlertsForListing } from './standing-query.js';

/**
 * A new, edited or relisted listing is matched against every want alert in the transaction of
 * that change. Each alert reports a listing once (saved_search_hits), and a member hears of it
 * once however many of their alerts match: at once for an instant alert (in the app, by email
 * per their setting), or with the daily digest.
 */
export function alertListeners(ctx: AppContext, on: Subscribe): void {
  on('item.changed', async (tx, change) => {
    if (!['created', 'updated', 'reactivated'].includes(change.kind)) return;
    const alerts = await findAlertsForListing(tx, change.itemId);
    if (alerts.length === 0) return;
    const { rows: fresh } = await tx.execute<{ saved_search_id: number }>(sql`
      insert into saved_search_hits (saved_search_id, item_id)
      select unnest(${`{${alerts.map((a) => Number(a.id)).join(',')}}`}::int[]), ${change.itemId}
      on conflict do nothing
      returning saved_search_id`);
    const hit = new Set(fresh.map((row) => Number(row.saved_search_id)));
    const byMember = new Map<string, typeof alerts>();
    for (const alert of alerts.filter((a) => hit.has(Number(a.id)))) {
      byMember.set(alert.user_id, [...(byMember.get(alert.user_id) ?? []), alert]);
    }
    if (byMember.size === 0) return;
    const listing = await factsOf(tx, change);
    const notifications: NewNotification[] = [...byMember].map(([memberId, matched]) => {
      const instant = matched.find((a) => a.frequency === 'instant');
      const first = instant ?? matched[0];
      return {
        recipientId: memberId,
        type: 'alert',
        // In the member's language (notify.ts); the listing's title quoted even when gone.
        text: (t) =>
          t._('notify.alert', {
            search: quoted(t, first?.search ?? ''),
            title: quoted(t, listing?.title ?? t._('notify.aListing')),
          }),
        link: `/item/${change.itemId}`,
        subjectKey: `item:${change.itemId}`,
        ...(instant ? {} : { atMost: 'daily' as const }),
      };
    });
    await notify(ctx, tx, notifications);
  });
}
