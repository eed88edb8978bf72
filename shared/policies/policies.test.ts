import { describe, expect, it } from 'vitest';
import { giveawayAlone, giveawayRequestOffers } from '../giveaways.js';
import { updateItemSchema } from '../items.js';
import { type Actor, ALLOWED, canModerate, firstRefusal, refuse } from './decision.js';
import {
  canDeleteItem,
  canEditItem,
  canOfferOn,
  canTradeItem,
  FULL_ITEM_EDIT,
  giveawayNotExchanged,
  hasOwnerActions,
  OWN_ITEM_OFFER,
  RESERVED_LISTING,
} from './items.js';
import { canEditProfile, canMessageMember } from './profiles.js';
import { canReportItem, canResolveReport } from './reports.js';
import {
  COUNTER_CHANGES_NOTHING,
  COUNTER_ITEM_NOT_SENDERS,
  COUNTER_SAME_ITEM,
  canAcceptOffer,
  canAskInCounter,
  canCounterSwap,
  canMoveSwap,
  canProposeOffer,
  canRateSwap,
  canViewSwap,
  swapMovesFor,
} from './swaps.js';

const owner: Actor = { id: 'owner', isAdmin: false };
const stranger: Actor = { id: 'stranger', isAdmin: false };
const admin: Actor = { id: 'admin', isAdmin: true };
const item = { userId: 'owner', isActive: true };
const sender: Actor = { id: 'sender', isAdmin: false };
const pending = { fromUserId: 'sender', toUserId: 'owner', status: 'pending' as const };

describe('item policies', () => {
  it('a full edit writes exactly the fields of the PUT body schema', () => {
    expect([...FULL_ITEM_EDIT].sort()).toEqual(Object.keys(updateItemSchema.shape).sort());
  });

  it('trades a listing only while it is active, not deleted and not held by another trade', () => {
    const free = {
      title: 'Lamp',
      isActive: true,
      deleted: false,
      ownerSuspended: false,
      reservedBy: null,
    };
    expect(canTradeItem(free).ok).toBe(true);
    expect(canTradeItem({ ...free, isActive: false })).toMatchObject({
      status: 409,
      reason: '“Lamp” is no longer available',
    });
    expect(canTradeItem({ ...free, deleted: true })).toMatchObject({ status: 409 });
    expect(canTradeItem({ ...free, ownerSuspended: true })).toMatchObject({
      status: 409,
      reason: '“Lamp” is no longer available',
    });
    expect(canTradeItem({ ...free, reservedBy: 'circle:1' })).toMatchObject({ status: 409 });
    expect(canTradeItem({ ...free, reservedBy: 'circle:1' }, 'circle:1').ok).toBe(true);
    // Issue 39 §1: a listing of another community is traded in an offer only (acrossInstances).
    expect(canTradeItem({ ...free, remote: true })).toMatchObject({ status: 409 });
    expect(canTradeItem({ ...free, remote: true }, undefined, { acrossInstances: true }).ok).toBe(
      true,
    );
    expect(
      canTradeItem({ ...free, remote: true, reservedBy: 'offer:2' }, 'offer:1', {
        acrossInstances: true,
      }),
    ).toMatchObject({ status: 409 });
  });

  it('names why the site closed an offer when it cannot move any more', () => {
    const closed = { ...pending, status: 'rejected' as const, closedReason: 'Gone' };
    expect(canMoveSwap(owner, closed, 'accepted')).toMatchObject({ status: 409, reason: 'Gone' });
  });

  it('lets the owner edit anything and an admin only the moderated fields', () => {
    expect(canEditItem(owner, item, ['title', 'images', 'condition']).ok).toBe(true);
    expect(canEditItem(admin, item, ['title', 'description', 'wantedItems']).ok).toBe(true);
    expect(canEditItem(admin, item, ['title', 'images'])).toMatchObject({ ok: false, status: 403 });
    expect(canEditItem(stranger, item, ['title'])).toMatchObject({ ok: false, status: 403 });
    expect(canEditItem(null, item, ['title'])).toMatchObject({ ok: false, status: 401 });
  });

  it('lets the owner or an admin delete', () => {
    expect(canDeleteItem(owner, item).ok).toBe(true);
    expect(canDeleteItem(admin, item).ok).toBe(true);
    expect(canDeleteItem(stranger, item)).toMatchObject({ status: 403 });
  });

  it('keeps a listing a trade holds as agreed: not the owner’s to change, a moderator’s still', () => {
    const held = { ...item, isReserved: true };
    const refused = { ok: false, status: 409, reason: RESERVED_LISTING };
    expect(canEditItem(owner, held, FULL_ITEM_EDIT)).toEqual(refused);
    expect(canEditItem(owner, held, ['title'])).toEqual(refused);
    expect(canDeleteItem(owner, held)).toEqual(refused);
    expect(canEditItem(admin, held, ['title', 'description']).ok).toBe(true);
    expect(canDeleteItem(admin, held).ok).toBe(true);
    // An admin's own listing is theirs as an owner's.
    expect(canDeleteItem(admin, { ...held, userId: 'admin' })).toEqual(refused);
    expect(canEditItem(stranger, held, ['title'])).toMatchObject({ status: 403 });
    expect(canDeleteItem(null, held)).toMatchObject({ status: 401 });
    // The owner still sees Edit and Delete (disabled, with the reason); nobody else does.
    expect(hasOwnerActions(owner, held)).toBe(true);
    expect(hasOwnerActions(owner, item)).toBe(true);
    expect(hasOwnerActions(admin, held)).toBe(false);
    expect(hasOwnerActions(stranger, item)).toBe(false);
    expect(hasOwnerActions(null, item)).toBe(false);
  });

  it('refuses offers on one’s own or an unavailable item, with the reason shown', () => {
    expect(canOfferOn(stranger, item).ok).toBe(true);
    expect(canOfferOn(owner, item)).toEqual(
      refuse(400, 'You cannot make an offer on your own item'),
    );
    expect(canOfferOn(stranger, { ...item, isActive: false })).toMatchObject({ status: 409 });
    expect(canOfferOn(null, item)).toMatchObject({ status: 401 });
  });
});

describe('swap policies', () => {
  it('hides an offer from everyone but its parties, admins included', () => {
    expect(canViewSwap(sender, pending).ok).toBe(true);
    expect(canViewSwap(owner, pending).ok).toBe(true);
    expect(canViewSwap(admin, pending)).toMatchObject({ status: 404 });
    expect(canViewSwap(stranger, undefined)).toMatchObject({ status: 404 });
    expect(canViewSwap(null, pending)).toMatchObject({ status: 401 });
  });

  it('follows SPEC §4: the receiver accepts or declines, either party completes', () => {
    expect(swapMovesFor(owner, pending)).toEqual(['accepted', 'rejected']);
    expect(swapMovesFor(sender, pending)).toEqual(['withdrawn']);
    expect(canMoveSwap(sender, pending, 'accepted')).toMatchObject({ status: 403 });
    const accepted = { ...pending, status: 'accepted' as const };
    expect(swapMovesFor(sender, accepted)).toEqual(['completed', 'cancelled']);
    expect(swapMovesFor(owner, accepted)).toEqual(['completed', 'cancelled']);
    expect(canMoveSwap(owner, accepted, 'rejected')).toMatchObject({
      status: 409,
      reason: 'This offer is accepted; it cannot become rejected.',
    });
    expect(swapMovesFor(owner, { ...pending, status: 'completed' })).toEqual([]);
  });

  it('lets either party, and nobody else, cancel an accepted offer (issue 38)', () => {
    const accepted = { ...pending, status: 'accepted' as const };
    expect(canMoveSwap(sender, accepted, 'cancelled').ok).toBe(true);
    expect(canMoveSwap(owner, accepted, 'cancelled').ok).toBe(true);
    expect(canMoveSwap(stranger, accepted, 'cancelled')).toMatchObject({ status: 404 });
    expect(canMoveSwap(null, accepted, 'cancelled')).toMatchObject({ status: 401 });
    for (const status of ['pending', 'completed', 'rejected', 'countered'] as const)
      expect(canMoveSwap(owner, { ...pending, status }, 'cancelled')).toMatchObject({
        status: 409,
      });
    const cancelled = { ...pending, status: 'cancelled' as const, closedReason: 'Cancelled by A' };
    expect(swapMovesFor(owner, cancelled)).toEqual([]);
    expect(canMoveSwap(owner, cancelled, 'completed')).toMatchObject({
      status: 409,
      reason: 'Cancelled by A',
    });
  });

  it('lets the sender, and only the sender, withdraw a pending offer (issue 18 §5)', () => {
    expect(canMoveSwap(sender, pending, 'withdrawn').ok).toBe(true);
    expect(canMoveSwap(owner, pending, 'withdrawn')).toMatchObject({
      status: 403,
      reason: 'Only the member who sent this offer can withdraw it',
    });
    expect(canMoveSwap(stranger, pending, 'withdrawn')).toMatchObject({ status: 404 });
    const accepted = { ...pending, status: 'accepted' as const };
    expect(canMoveSwap(sender, accepted, 'withdrawn')).toMatchObject({ status: 409 });
    for (const status of ['countered', 'withdrawn'] as const) {
      // Both end the offer: nothing moves it again, by PATCH or otherwise.
      expect(swapMovesFor(owner, { ...pending, status })).toEqual([]);
      expect(swapMovesFor(sender, { ...pending, status })).toEqual([]);
    }
    // 'countered' comes only with a counter-offer, never as a move.
    expect(canMoveSwap(owner, pending, 'countered')).toMatchObject({ status: 409 });
  });

  it('lets the receiver of a pending offer, and only them, counter it', () => {
    expect(canCounterSwap(owner, pending).ok).toBe(true);
    expect(canCounterSwap(sender, pending)).toMatchObject({
      status: 403,
      reason: 'Only the member who received this offer can make a counter-offer',
    });
    expect(canCounterSwap(stranger, pending)).toMatchObject({ status: 404 });
    expect(canCounterSwap(admin, pending)).toMatchObject({ status: 404 });
    expect(canCounterSwap(null, pending)).toMatchObject({ status: 401 });
    for (const status of [
      'accepted',
      'rejected',
      'completed',
      'countered',
      'withdrawn',
      'cancelled',
    ] as const) {
      expect(canCounterSwap(owner, { ...pending, status })).toMatchObject({ status: 409 });
    }
    expect(
      canCounterSwap(owner, { ...pending, status: 'rejected', closedReason: 'Gone elsewhere' }),
    ).toMatchObject({ status: 409, reason: 'Gone elsewhere' });
  });

  it("asks in a counter-offer only for the sender's listings, and for some change", () => {
    const listing = (id: number, userId: string) => ({ id, title: `L${id}`, userId });
    // The sender offered 5 for the owner's 9.
    const swap = { fromUserId: 'sender', itemIds: [9], offeredItemIds: [5] };
    expect(canAskInCounter(swap, [listing(6, 'sender')], [9]).ok).toBe(true);
    expect(canAskInCounter(swap, [listing(7, 'owner')], [9])).toMatchObject({
      status: 400,
      reason: COUNTER_ITEM_NOT_SENDERS,
    });
    expect(canAskInCounter(swap, [listing(5, 'sender'), listing(7, 'x')], [9])).toMatchObject({
      status: 400,
      reason: `“L7”: ${COUNTER_ITEM_NOT_SENDERS}`,
    });
    expect(canAskInCounter(swap, [listing(5, 'sender')], [9])).toMatchObject({
      status: 400,
      reason: COUNTER_SAME_ITEM,
    });
    // The same listing asked for, something else put up: a change.
    expect(canAskInCounter(swap, [listing(5, 'sender')], [9, 10]).ok).toBe(true);
    expect(canAskInCounter(swap, [listing(5, 'sender')], []).ok).toBe(true);
    const bundle = { fromUserId: 'sender', itemIds: [9, 8], offeredItemIds: [5, 4] };
    expect(
      canAskInCounter(bundle, [listing(4, 'sender'), listing(5, 'sender')], [8, 9]),
    ).toMatchObject({ status: 400, reason: COUNTER_CHANGES_NOTHING });
    expect(canAskInCounter({ ...swap, offeredItemIds: [] }, [listing(5, 'sender')], [9]).ok).toBe(
      true,
    );
  });

  it('lets an offer name 1–5 listings of one other member and 0–5 of the sender’s own (issue 38)', () => {
    const theirs = (id: number, userId = 'owner') => ({ id, title: `T${id}`, userId });
    const mine = (id: number) => ({ id, title: `M${id}`, userId: 'sender' });
    expect(canProposeOffer(sender, [theirs(1), theirs(2)], [mine(3), mine(4)]).ok).toBe(true);
    expect(canProposeOffer(sender, [theirs(1)], []).ok).toBe(true);
    expect(canProposeOffer(null, [theirs(1)], [])).toMatchObject({ status: 401 });
    expect(canProposeOffer(sender, [], [])).toMatchObject({ status: 400 });
    expect(canProposeOffer(sender, [mine(1)], [])).toEqual(refuse(400, OWN_ITEM_OFFER));
    expect(canProposeOffer(sender, [theirs(1), theirs(2, 'other')], [])).toEqual(
      refuse(
        400,
        '“T2” belongs to another member: the listings an offer asks for are all one member’s',
      ),
    );
    expect(canProposeOffer(sender, [theirs(1), theirs(1)], [])).toEqual(
      refuse(400, '“T1” is named twice: an offer names each listing once'),
    );
    expect(canProposeOffer(sender, [theirs(1)], [mine(2), mine(2)])).toMatchObject({
      reason: '“M2” is named twice: an offer names each listing once',
    });
    expect(canProposeOffer(sender, [theirs(1)], [theirs(1)])).toMatchObject({ status: 400 });
    expect(canProposeOffer(sender, [theirs(1)], [theirs(2)])).toEqual(
      refuse(400, '“T2” is not yours: an offer puts up your own listings only'),
    );
    expect(canProposeOffer(sender, [theirs(1)], [undefined])).toMatchObject({ status: 400 });
    const six = [1, 2, 3, 4, 5, 6];
    expect(
      canProposeOffer(
        sender,
        six.map((id) => theirs(id)),
        [],
      ),
    ).toMatchObject({
      status: 400,
    });
    expect(canProposeOffer(sender, [theirs(10)], six.map(mine))).toMatchObject({ status: 400 });
    expect(canProposeOffer(sender, [{ ...theirs(1), remote: true }], [])).toMatchObject({
      status: 409,
    });
    // Issue 39 §1: while offers travel, a remote listing may be asked for, the rest still held.
    const across = { acrossInstances: true };
    expect(canProposeOffer(sender, [{ ...theirs(1), remote: true }], [], across)).toEqual(ALLOWED);
    expect(
      canProposeOffer(sender, [{ ...theirs(1), remote: true }], [theirs(2)], across),
    ).toMatchObject({ status: 400 });
  });

  it('accepts no offer that holds what a give-away cannot: offers made before migration 0032', () => {
    const theirs = (id: number) => ({ id, title: `T${id}`, userId: 'owner' });
    const mine = (id: number) => ({ id, title: `M${id}`, userId: 'sender' });
    const free = { ...theirs(1), mode: 'giveaway' as const };
    expect(canAcceptOffer([free], [])).toEqual(ALLOWED);
    expect(canAcceptOffer([theirs(1)], [mine(2)])).toEqual(ALLOWED);
    expect(canAcceptOffer([free], [mine(2)])).toEqual(refuse(409, giveawayRequestOffers('T1')));
    expect(canAcceptOffer([free, theirs(3)], [])).toEqual(refuse(409, giveawayAlone('T1')));
    expect(canAcceptOffer([theirs(1)], [{ ...mine(2), mode: 'giveaway' }])).toEqual(
      refuse(409, giveawayNotExchanged('M2', 'be offered in exchange')),
    );
  });

  it('lets a party rate the other party once the swap is completed', () => {
    const completed = { ...pending, status: 'completed' as const };
    expect(canRateSwap(sender, completed, 'owner').ok).toBe(true);
    expect(canRateSwap(sender, completed, 'sender')).toMatchObject({ status: 400 });
    expect(canRateSwap(sender, pending, 'owner')).toMatchObject({ status: 409 });
    expect(canRateSwap(stranger, completed, 'owner')).toMatchObject({ status: 404 });
  });
});

describe('profile, report and moderation policies', () => {
  it('lets members edit themselves and admins the SPEC §6 fields of anyone', () => {
    expect(canEditProfile(owner, 'owner', ['nickname', 'bio']).ok).toBe(true);
    expect(canEditProfile(admin, 'owner', ['profileImageUrl', 'location']).ok).toBe(true);
    expect(canEditProfile(admin, 'owner', ['email'])).toMatchObject({ status: 403 });
    expect(canEditProfile(stranger, 'owner', ['bio'])).toMatchObject({ status: 403 });
    expect(canMessageMember(owner, 'owner').ok).toBe(false);
    expect(canMessageMember(stranger, 'owner').ok).toBe(true);
  });

  it('lets members report others’ listings and admins resolve reports', () => {
    expect(canReportItem(stranger, item).ok).toBe(true);
    expect(canReportItem(owner, item)).toMatchObject({ status: 400 });
    expect(canResolveReport(admin).ok).toBe(true);
    expect(canResolveReport(stranger)).toMatchObject({ status: 403 });
    expect(canModerate(null)).toMatchObject({ status: 401 });
  });

  it('reports the first refusal in order', () => {
    expect(
      firstRefusal(
        () => canModerate(stranger),
        () => canDeleteItem(null, item),
      ),
    ).toMatchObject({ status: 403 });
    expect(firstRefusal(() => canModerate(admin)).ok).toBe(true);
  });
});
