import { describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema/rate-limits.js';
import { createTestApp, registerMember } from '../../testing/app.js';
import type { Member } from './swaps.fixtures.js';

describe('abuse limits', () => {
  it('answers 429 past the offer and message limits, and recovers when the window ends', async () => {
    const limited = await createTestApp({
      RATE_LIMIT_OFFERS_PER_HOUR: '2',
      RATE_LIMIT_MESSAGES_PER_FIVE_MINUTES: '2',
    });
    try {
      const [seller, buyer] = [
        await registerMember(limited.app),
        await registerMember(limited.app),
      ];
      const as = (who: Member, method: 'POST', url: string, payload: object) =>
        limited.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
      const item = (
        await as(seller, 'POST', '/api/items', {
          title: 'Lamp',
          description: 'Brass',
          condition: 'good',
        })
      ).json();
      const offers = [];
      for (let i = 0; i < 3; i++)
        offers.push(
          await as(buyer, 'POST', '/api/swap-requests', { itemId: item.id, message: `Offer ${i}` }),
        );
      expect(offers.map((r) => r.statusCode)).toEqual([201, 201, 429]);
      expect(offers[2]?.headers['retry-after']).toBeDefined();

      const url = `/api/swap-requests/${offers[0]?.json().id}/messages`;
      const sent = [];
      for (let i = 0; i < 3; i++)
        sent.push((await as(buyer, 'POST', url, { content: `Message ${i}` })).statusCode);
      expect(sent).toEqual([201, 201, 429]);

      await limited.db.update(rateLimits).set({ resetAt: new Date(Date.now() - 1000) });
      expect((await as(buyer, 'POST', url, { content: 'Back again' })).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
