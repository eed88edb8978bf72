import { describe, expect, it } from 'vitest';
import {
  type CircleFacts,
  canCancelCircle,
  canConfirmReceipt,
  canDecideCircle,
  canProposeCircle,
  canRateCircle,
  circleActionsFor,
  currentCircleStatus,
} from './circles.js';

const now = new Date('2026-11-23T12:00:00Z');
const later = new Date('2026-11-30T12:00:00Z');
const ann = { id: 'ann', isAdmin: false };
const bob = { id: 'bob', isAdmin: false };
const admin = { id: 'root', isAdmin: true };

function circle(overrides: Partial<CircleFacts> = {}): CircleFacts {
  return {
    status: 'proposed',
    expiresAt: later,
    legs: [
      { giverId: 'ann', receiverId: 'cat', decision: 'accepted', receivedAt: null },
      { giverId: 'bob', receiverId: 'ann', decision: 'pending', receivedAt: null },
      { giverId: 'cat', receiverId: 'bob', decision: 'pending', receivedAt: null },
    ],
    ...overrides,
  };
}

describe('circle policies', () => {
  it('hide a circle from everyone but its participants, admins included', () => {
    expect(canDecideCircle(admin, circle(), 'accept', now)).toMatchObject({ status: 404 });
    expect(canDecideCircle(null, circle(), 'accept', now)).toMatchObject({ status: 401 });
  });

  it('let a pending participant accept once, and anyone decline while proposed', () => {
    expect(canDecideCircle(bob, circle(), 'accept', now).ok).toBe(true);
    expect(canDecideCircle(ann, circle(), 'accept', now)).toMatchObject({ status: 409 });
    expect(canDecideCircle(ann, circle(), 'decline', now).ok).toBe(true);
    expect(circleActionsFor(bob, circle(), now)).toEqual(['accept', 'decline']);
  });

  it('treat a proposal past its deadline as expired', () => {
    expect(currentCircleStatus(circle(), later)).toBe('expired');
    expect(canDecideCircle(bob, circle(), 'accept', later)).toMatchObject({
      status: 409,
      reason: 'This circle proposal has expired',
    });
  });

  it('take receipts and cancellations only once accepted; no cancelling after a receipt', () => {
    expect(canConfirmReceipt(bob, circle(), now)).toMatchObject({ status: 409 });
    const accepted = circle({ status: 'accepted' });
    expect(canConfirmReceipt(bob, accepted, now).ok).toBe(true);
    expect(canCancelCircle(bob, accepted, now).ok).toBe(true);
    const received = circle({
      status: 'accepted',
      legs: accepted.legs.map((leg, k) => (k === 0 ? { ...leg, receivedAt: now } : leg)),
    });
    expect(canConfirmReceipt(ann, received, now).ok).toBe(true);
    expect(canConfirmReceipt(cat(), received, now)).toMatchObject({ status: 409 });
    expect(canCancelCircle(bob, received, now)).toMatchObject({ status: 409 });
    expect(circleActionsFor(bob, received, now)).toEqual(['receive']);
  });

  it('let members of a completed circle rate each other member', () => {
    const completed = circle({ status: 'completed' });
    expect(canRateCircle(ann, completed, 'bob', now).ok).toBe(true);
    expect(canRateCircle(ann, completed, 'ann', now)).toMatchObject({ status: 400 });
    expect(canRateCircle(ann, completed, 'dan', now)).toMatchObject({ status: 400 });
    expect(canRateCircle(ann, circle({ status: 'accepted' }), 'bob', now)).toMatchObject({
      status: 409,
    });
  });

  it('let a member propose only a loop of distinct owners that includes them', () => {
    expect(canProposeCircle(ann, ['ann', 'bob', 'cat']).ok).toBe(true);
    expect(canProposeCircle(ann, ['ann', 'bob', 'ann'])).toMatchObject({ status: 400 });
    expect(canProposeCircle(admin, ['ann', 'bob', 'cat'])).toMatchObject({ status: 403 });
    expect(canProposeCircle(null, ['ann', 'bob', 'cat'])).toMatchObject({ status: 401 });
  });
});

function cat() {
  return { id: 'cat', isAdmin: false };
}
