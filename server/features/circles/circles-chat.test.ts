import { describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../../testing/app.js';
import { openEventStream } from '../../testing/event-stream.js';
import {
  ann,
  bob,
  cat,
  circleOf,
  dan,
  loop,
  propose,
  request,
  setUpCirclesApp,
  t,
} from './circles.fixtures.js';

setUpCirclesApp();

describe('circle chat', () => {
  it('is for participants, live, with unread counts', async () => {
    const ids = await loop([ann, bob, cat], 'Chat');
    const { id } = (await propose(ann, ids)).json();
    const baseUrl = await listenOnLoopback(t.app);
    const stream = await openEventStream(baseUrl, cat.cookie);
    try {
      const posted = await request('POST', `/api/circles/${id}/messages`, bob, {
        content: 'Hello both',
      });
      expect(posted.statusCode).toBe(201);
      expect(posted.json().fromUser.id).toBe(bob.user.id);
      await stream.next((e) => e.type === 'circle-message' && e.circleId === id);
    } finally {
      stream.close();
    }
    expect((await circleOf(cat, id)).unreadCount).toBe(1);
    expect((await circleOf(bob, id)).unreadCount).toBe(0);
    const messages = await request('GET', `/api/circles/${id}/messages`, cat);
    expect(messages.json().map((m: { content: string }) => m.content)).toEqual(['Hello both']);
    expect((await request('POST', `/api/circles/${id}/messages/read`, cat)).json().read).toBe(1);
    expect((await circleOf(cat, id)).unreadCount).toBe(0);

    expect((await request('GET', `/api/circles/${id}/messages`, dan)).statusCode).toBe(404);
    expect(
      (await request('POST', `/api/circles/${id}/messages`, dan, { content: 'Let me in' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await request('POST', `/api/circles/${id}/messages`, bob, { content: '   ' })).statusCode,
    ).toBe(400);
  });

  it('pages back through a long group chat with `before`', async () => {
    const ids = await loop([ann, bob, cat], 'Paging');
    const { id } = (await propose(ann, ids)).json();
    const url = `/api/circles/${id}/messages`;
    const sent: number[] = [];
    for (const [who, content] of [
      [ann, 'a'],
      [bob, 'b'],
      [cat, 'c'],
      [ann, 'd'],
    ] as const) {
      sent.push((await request('POST', url, who, { content })).json().id);
    }
    const page = async (query: string) =>
      (await request('GET', `${url}?${query}`, bob))
        .json()
        .map((m: { content: string }) => m.content);
    expect(await page('limit=3')).toEqual(['b', 'c', 'd']);
    expect(await page(`limit=3&before=${sent[1]}`)).toEqual(['a']);
    expect(await page(`before=${sent[0]}`)).toEqual([]);
    expect((await request('GET', `${url}?before=-1`, bob)).json()).toEqual({
      message: 'before must be a message id',
    });
    expect((await request('GET', `${url}?before=${sent[3]}`, dan)).statusCode).toBe(404);
  });
});
