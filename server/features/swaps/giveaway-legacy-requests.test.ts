import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  GIVEAWAY_NOT_CHOSEN,
  giveawayRequestOffers,
  ONLY_REQUESTS_OFFERING,
} from '../../../shared/giveaways.js';
import { giveawayNotExchanged } from '../../../shared/policies/items.js';
import { items } from '../../db/schema/items.js';
import {
  call,
  listItem,
  type Member,
  offerer,
  owner,
  patch,
  setUpSwapsApp,
  stranger,
  t,
} from './swaps.fixtures.js';

/**
 * Issue 38 §2, offers made before migration 0032 checked what a request for a give-away may
 * name: such a request may put up listings, and an offer may put up a give-away. Neither can be
 * accepted or drawn now (a give-away is given, not swapped); both can still be declined.
 */

setUpSwapsApp();

async function giveaway(who: Member, title: string) {
  const response = await call('POST', '/api/items', who, {
    title,
    description: 'Free to a good home',
    condition: 'fair',
    mode: 'giveaway',
    fairChanceHours: 0,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; title: string };
}

/** An offer inserted as one could be made before 0032 (migration 0030's trigger adds its rows). */
async function legacyOffer(from: Member, to: Member, itemId: number, offeredItemId: number) {
  const { rows } = await t.db.execute<{ id: number }>(sql`
    insert into swap_requests (from_user_id, to_user_id, item_id, offered_item_id, message, status)
    values (${from.user.id}, ${to.user.id}, ${itemId}, ${offeredItemId}, 'Swap?', 'pending')
    returning id`);
  return Number(rows[0]?.id);
}

const reservedBy = async (itemId: number) =>
  (await t.db.select({ by: items.reservedBy }).from(items).where(eq(items.id, itemId)))[0]?.by;

describe('a request made before 0032 that names listings offered for a give-away', () => {
  it('cannot be accepted (409, saying why) and leaves every listing free; it can be declined', async () => {
    const free = await giveaway(owner, 'Free sofa');
    const drum = await listItem(offerer, 'Old drum');
    const id = await legacyOffer(offerer, owner, free.id, drum.id);
    const accepted = await patch(id, 'accepted', owner);
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json()).toEqual({ message: giveawayRequestOffers(free.title) });
    expect((await call('GET', `/api/swap-requests/${id}`, owner)).json().status).toBe('pending');
    expect(await reservedBy(free.id)).toBeNull();
    expect(await reservedBy(drum.id)).toBeNull();
    expect((await patch(id, 'rejected', owner)).statusCode).toBe(200);
  });

  it('is never drawn: the draw picks a request naming nothing, and declines it', async () => {
    const free = await giveaway(owner, 'Free lamp');
    const drum = await listItem(offerer, 'Bongo');
    const legacy = await legacyOffer(offerer, owner, free.id, drum.id);
    const alone = await call('POST', `/api/items/${free.id}/draw`, owner);
    expect(alone.statusCode).toBe(409);
    expect(alone.json()).toEqual({ message: ONLY_REQUESTS_OFFERING });
    const request = await call('POST', '/api/swap-requests', stranger, {
      itemId: free.id,
      message: 'I would love it',
    });
    expect(request.statusCode, request.body).toBe(201);
    const won = await call('POST', `/api/items/${free.id}/draw`, owner);
    expect(won.statusCode, won.body).toBe(200);
    expect(won.json().id).toBe(request.json().id);
    const declined = (await call('GET', `/api/swap-requests/${legacy}`, offerer)).json();
    expect(declined).toMatchObject({ status: 'rejected', closedReason: GIVEAWAY_NOT_CHOSEN });
  });
});

describe('an offer made before 0032 that puts up a give-away', () => {
  it('cannot be accepted (409), as a give-away is never offered in exchange', async () => {
    const wanted = await listItem(owner, 'Bike');
    const free = await giveaway(offerer, 'My free stool');
    const id = await legacyOffer(offerer, owner, wanted.id, free.id);
    const accepted = await patch(id, 'accepted', owner);
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json()).toEqual({
      message: giveawayNotExchanged(free.title, 'be offered in exchange'),
    });
    expect(await reservedBy(wanted.id)).toBeNull();
  });
});
