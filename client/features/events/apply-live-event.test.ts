import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { VISIT_COUNT_KEY } from '../analytics/api/page-views';
import { CIRCLES_KEY, circleKey, circleMessagesKey } from '../circles/api/circles';
import { ITEMS_KEY } from '../items/api/items';
import { MATCHES_KEY } from '../matching/api/matching';
import { NOTIFICATIONS_KEY } from '../notifications/api/notifications';
import { ROUNDS_KEY, roundKey } from '../rounds/api/rounds';
import { messagesKey, OFFER_COUNTS_KEY, SWAP_REQUESTS_KEY } from '../swaps/api/swap-requests';
import { applyLiveEvent } from './apply-live-event';

function cacheWithData() {
  const client = new QueryClient();
  client.setQueryData(SWAP_REQUESTS_KEY, []);
  client.setQueryData(OFFER_COUNTS_KEY, { received: 0, made: 0 });
  client.setQueryData([...SWAP_REQUESTS_KEY, 'with', 'u2'], null);
  client.setQueryData(messagesKey(1), []);
  client.setQueryData(messagesKey(2), []);
  client.setQueryData([...ITEMS_KEY, 'list', {}, 10], []);
  client.setQueryData(VISIT_COUNT_KEY, { totalPageViews: 5 });
  client.setQueryData(MATCHES_KEY, { wanted: [], mutual: [], circles: [] });
  client.setQueryData([...MATCHES_KEY, 'new'], { count: 0 });
  client.setQueryData(CIRCLES_KEY, []);
  client.setQueryData(circleKey(3), {});
  client.setQueryData(circleMessagesKey(3), []);
  client.setQueryData(circleKey(4), {});
  client.setQueryData([...NOTIFICATIONS_KEY, 8], { unread: 0, items: [] });
  client.setQueryData(ROUNDS_KEY, []);
  client.setQueryData(roundKey(5), {});
  client.setQueryData([...roundKey(5), 'entries'], []);
  client.setQueryData(roundKey(6), {});
  return client;
}

const stale = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((query) => query.isStale() && query.state.isInvalidated)
    .map((query) => JSON.stringify(query.queryKey))
    .sort();

describe('applyLiveEvent', () => {
  it('refreshes the circles and the matches when a circle changes', () => {
    const client = cacheWithData();
    applyLiveEvent(client, { type: 'circle', circleId: 3 });
    expect(stale(client)).toEqual(
      [
        CIRCLES_KEY,
        circleKey(3),
        circleMessagesKey(3),
        circleKey(4),
        MATCHES_KEY,
        [...MATCHES_KEY, 'new'],
      ]
        .map((key) => JSON.stringify(key))
        .sort(),
    );
  });

  it('refreshes that circle, its chat and the circles list for a circle message', () => {
    const client = cacheWithData();
    applyLiveEvent(client, { type: 'circle-message', circleId: 3, messageId: 7 });
    expect(stale(client)).toEqual(
      [CIRCLES_KEY, circleKey(3), circleMessagesKey(3)].map((key) => JSON.stringify(key)).sort(),
    );
  });

  it('refreshes the offers list, its counts and the per-member lookups, not the chats, for a changed request', () => {
    const client = cacheWithData();
    applyLiveEvent(client, { type: 'swap-request', swapRequestId: 1 });
    expect(stale(client)).toEqual(
      [SWAP_REQUESTS_KEY, OFFER_COUNTS_KEY, [...SWAP_REQUESTS_KEY, 'with', 'u2']]
        .map((key) => JSON.stringify(key))
        .sort(),
    );
  });

  it('refreshes that conversation and the unread counts for a message or a read receipt', () => {
    for (const type of ['message', 'messages-read'] as const) {
      const client = cacheWithData();
      applyLiveEvent(client, { type, swapRequestId: 2, messageId: 9 });
      expect(stale(client)).toEqual(
        [JSON.stringify(SWAP_REQUESTS_KEY), JSON.stringify(messagesKey(2))].sort(),
      );
    }
  });

  it('refreshes listings when they changed, and sets the pushed visit count', () => {
    const client = cacheWithData();
    applyLiveEvent(client, { type: 'items-changed' });
    expect(stale(client)).toEqual([JSON.stringify([...ITEMS_KEY, 'list', {}, 10])]);
    applyLiveEvent(client, { type: 'visits', totalPageViews: 42 });
    expect(client.getQueryData(VISIT_COUNT_KEY)).toEqual({ totalPageViews: 42 });
  });

  it('refreshes the matches and the count of new ones when matches changed', () => {
    const client = cacheWithData();
    applyLiveEvent(client, { type: 'matches' });
    expect(stale(client)).toEqual(
      [JSON.stringify(MATCHES_KEY), JSON.stringify([...MATCHES_KEY, 'new'])].sort(),
    );
  });

  it('refreshes the bell, and only it, for a new notification', () => {
    const client = cacheWithData();
    applyLiveEvent(client, { type: 'notification' });
    expect(stale(client)).toEqual([JSON.stringify([...NOTIFICATIONS_KEY, 8])]);
  });

  it('refreshes everything live after a resync', () => {
    const client = cacheWithData();
    applyLiveEvent(client, { type: 'resync' });
    expect(stale(client)).toHaveLength(18);
  });

  it('refreshes that round (all it shows) and the rounds list when a round changes', () => {
    const client = cacheWithData();
    applyLiveEvent(client, { type: 'round', roundId: 5 });
    expect(stale(client)).toEqual(
      [ROUNDS_KEY, roundKey(5), [...roundKey(5), 'entries']]
        .map((key) => JSON.stringify(key))
        .sort(),
    );
  });
});
