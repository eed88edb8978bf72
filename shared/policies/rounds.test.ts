import { describe, expect, it } from 'vitest';
import { ROUND_MAX_OPEN_PER_ORGANISER } from '../round-limits.js';
import type { Actor } from './decision.js';
import {
  canCreateRound,
  canEnterRound,
  canMarkTrade,
  canSolveRound,
  canViewRound,
  type RoundFacts,
  roundActionsFor,
  roundPhase,
} from './rounds.js';

const HOUR = 3600 * 1000;
const now = new Date('2026-06-01T12:00:00Z');
const at = (hours: number) => new Date(now.getTime() + hours * HOUR);
const organiser: Actor = { id: 'org', isAdmin: false };
const member: Actor = { id: 'm', isAdmin: false };
const admin: Actor = { id: 'a', isAdmin: true };
const round = (fields: Partial<RoundFacts> = {}): RoundFacts => ({
  organiserId: 'org',
  state: 'open',
  hidden: false,
  joinPolicy: 'anyone',
  entriesCloseAt: at(1),
  wantsCloseAt: at(2),
  shippingDeadline: at(48),
  ...fields,
});

describe('roundPhase', () => {
  it('follows the dates while open, the state after', () => {
    expect(roundPhase(round(), now)).toBe('entries');
    expect(roundPhase(round({ entriesCloseAt: at(-1) }), now)).toBe('wants');
    expect(roundPhase(round({ entriesCloseAt: at(-2), wantsCloseAt: at(-1) }), now)).toBe(
      'solving',
    );
    expect(roundPhase(round({ state: 'solved' }), now)).toBe('results');
    expect(roundPhase(round({ state: 'solved', shippingDeadline: at(-1) }), now)).toBe('closed');
    expect(roundPhase(round({ state: 'closed' }), now)).toBe('closed');
    expect(roundPhase(round({ hidden: true }), now)).toBe('closed');
    // Claimed by a solver ("solve now" during the wants phase): solving, whatever the dates.
    expect(roundPhase(round({ state: 'solving', entriesCloseAt: at(-1) }), now)).toBe('solving');
    expect(roundPhase(round({ state: 'solving', hidden: true }), now)).toBe('closed');
  });
});

describe('round policies', () => {
  it('hide a hidden round from all but admins and its organiser', () => {
    const hidden = round({ hidden: true });
    expect(canViewRound(null, hidden)).toMatchObject({ ok: false, status: 404 });
    expect(canViewRound(member, hidden)).toMatchObject({ ok: false, status: 404 });
    expect(canViewRound(organiser, hidden).ok).toBe(true);
    expect(canViewRound(admin, hidden).ok).toBe(true);
  });

  it('let verified members only into a verified round, during entries', () => {
    const verifiedOnly = round({ joinPolicy: 'verified' });
    expect(canEnterRound(member, verifiedOnly, false, now)).toMatchObject({ status: 403 });
    expect(canEnterRound(member, verifiedOnly, true, now).ok).toBe(true);
    expect(canEnterRound(member, round({ entriesCloseAt: at(-1) }), true, now)).toMatchObject({
      status: 409,
    });
  });

  it('solve once entries are closed, by the organiser or an admin', () => {
    const wants = round({ entriesCloseAt: at(-1) });
    expect(canSolveRound(member, wants, now)).toMatchObject({ status: 403 });
    expect(canSolveRound(organiser, round(), now)).toMatchObject({ status: 409 });
    expect(canSolveRound(admin, wants, now).ok).toBe(true);
    expect(canSolveRound(organiser, round({ state: 'solved' }), now)).toMatchObject({
      status: 409,
    });
    // Once a solver has it, a second "solve now" is told so, and the page offers none.
    const solving = round({ state: 'solving', entriesCloseAt: at(-1) });
    expect(canSolveRound(organiser, solving, now)).toMatchObject({
      status: 409,
      reason: expect.stringMatching(/being solved/),
    });
    expect(roundActionsFor(organiser, solving, true, now)).toEqual(['close', 'export']);
  });

  it('let a verified member organise a few unfinished rounds at a time', () => {
    expect(canCreateRound(null, true)).toMatchObject({ status: 401 });
    expect(canCreateRound(member, false)).toMatchObject({ status: 403 });
    expect(canCreateRound(member, true, ROUND_MAX_OPEN_PER_ORGANISER - 1).ok).toBe(true);
    expect(canCreateRound(member, true, ROUND_MAX_OPEN_PER_ORGANISER)).toMatchObject({
      status: 409,
    });
  });

  it('let the sender mark sent and the receiver mark received, during shipping only', () => {
    const solved = round({ state: 'solved' });
    const trade = { giverId: 'm', receiverId: 'org', sentAt: null, receivedAt: null };
    expect(canMarkTrade(member, solved, trade, 'sent', now).ok).toBe(true);
    expect(canMarkTrade(member, solved, trade, 'received', now)).toMatchObject({ status: 403 });
    expect(canMarkTrade(organiser, solved, trade, 'received', now).ok).toBe(true);
    expect(canMarkTrade(member, solved, { ...trade, sentAt: now }, 'sent', now)).toMatchObject({
      status: 409,
    });
    expect(canMarkTrade(member, round(), trade, 'sent', now)).toMatchObject({ status: 409 });
  });

  it('offer the moves the round page shows', () => {
    expect(roundActionsFor(organiser, round(), true, now)).toEqual([
      'enter',
      'close-entries',
      'close',
      'export',
    ]);
    expect(roundActionsFor(member, round({ entriesCloseAt: at(-1) }), false, now)).toEqual([]);
    expect(roundActionsFor(admin, round({ entriesCloseAt: at(-1) }), true, now)).toEqual([
      'solve',
      'close',
      'hide',
      'import',
      'export',
    ]);
  });
});
