import {
  CIRCLE_NOT_FOUND,
  canDecideCircle,
  canProposeCircle,
  canViewCircle,
} from '../../../shared/policies/circles.js';
import { firstRefusal, requireActor } from '../../../shared/policies/decision.js';
import { canReportProblem } from '../../../shared/policies/problems.js';
import {
  canCloseEntries,
  canCreateRound,
  canEnterListing,
  canEnterRound,
  canExportWants,
  canImportWants,
  canMarkTrade,
  canRankWants,
  canReadMyTrades,
  canReadMyWants,
  canSolveRound,
  canViewResults,
  canViewRound,
  canWithdrawEntry,
} from '../../../shared/policies/rounds.js';
import { type Expectation, everyone, members } from './decide.js';

/** The access matrix's routes of swap circles and swap rounds. */
export const CIRCLES_AND_ROUNDS: Record<string, Expectation> = {
  'POST /api/circles': {
    decide: (actor, f) => canProposeCircle(actor, f.loopOwners),
    body: (f) => ({ itemIds: f.loopIds }),
  },
  'GET /api/circles': { decide: members },
  'GET /api/circles/:id': { decide: (actor, f) => canViewCircle(actor, f.circle) },
  'PATCH /api/circles/:id': {
    decide: (actor, f) => canDecideCircle(actor, f.circle, 'accept', new Date()),
    body: () => ({ decision: 'accept' }),
  },
  'GET /api/circles/:id/messages': { decide: (actor, f) => canViewCircle(actor, f.circle) },
  'POST /api/circles/:id/messages': {
    decide: (actor, f) => canViewCircle(actor, f.circle),
    body: () => ({ content: 'Hello all' }),
  },
  'POST /api/circles/:id/messages/read': { decide: (actor, f) => canViewCircle(actor, f.circle) },
  // The fixture's circle is proposed: its members are told it is too early, anyone else 404.
  'POST /api/circles/:id/problem': {
    decide: (actor, f) =>
      canReportProblem(
        actor,
        {
          partyIds: f.circle.legs.map((leg) => leg.giverId),
          acceptedAt: null,
          completedAt: null,
          notFound: CIRCLE_NOT_FOUND,
        },
        'no-show',
        new Date(),
      ),
    body: () => ({ reason: 'no-show', message: 'Nobody came' }),
  },
  'GET /api/rounds': { decide: everyone },
  // Only verified members create rounds; of the matrix's members, the admin is verified.
  'POST /api/rounds': {
    decide: (actor) => canCreateRound(actor, actor?.isAdmin === true),
    body: () => ({
      title: 'Matrix round',
      entriesCloseAt: new Date(Date.now() + 3600_000).toISOString(),
      wantsCloseAt: new Date(Date.now() + 7200_000).toISOString(),
      shippingDeadline: new Date(Date.now() + 86400_000).toISOString(),
    }),
  },
  'GET /api/rounds/:id': { decide: (actor, f) => canViewRound(actor, f.round) },
  'PATCH /api/rounds/:id': {
    decide: (actor, f) => canCloseEntries(actor, f.round, new Date()),
    body: () => ({ action: 'close-entries' }),
  },
  'POST /api/rounds/:id/solve': { decide: (actor, f) => canSolveRound(actor, f.round, new Date()) },
  'GET /api/rounds/:id/entries': { decide: (actor, f) => canViewRound(actor, f.round) },
  'POST /api/rounds/:id/entries': {
    decide: (actor, f) =>
      firstRefusal(
        () => canEnterRound(actor, f.round, false, new Date()),
        () => (actor ? canEnterListing(actor, f.item) : requireActor(actor)),
      ),
    body: (f) => ({ itemId: f.itemId }),
  },
  'DELETE /api/rounds/:id/entries/:entryId': {
    decide: (actor, f) => canWithdrawEntry(actor, f.round, { userId: f.ownerId }, new Date()),
  },
  'GET /api/rounds/:id/wants': { decide: (actor, f) => canReadMyWants(actor, f.round) },
  'PUT /api/rounds/:id/entries/:entryId/wants': {
    decide: (actor, f) => canRankWants(actor, f.round, { userId: f.ownerId }, new Date()),
    body: () => ({ wants: [] }),
  },
  'GET /api/rounds/:id/trades': { decide: (actor, f) => canReadMyTrades(actor, f.round, false) },
  'GET /api/rounds/:id/loops': { decide: (actor, f) => canViewResults(actor, f.round, false) },
  'PATCH /api/rounds/:id/trades/:entryId': {
    decide: (actor, f) => canMarkTrade(actor, f.round, undefined, 'sent', new Date()),
    body: () => ({ sent: true }),
  },
  'GET /api/rounds/:id/want-list': { decide: (actor, f) => canExportWants(actor, f.round) },
  'POST /api/rounds/:id/want-list': {
    decide: (actor, f) => canImportWants(actor, f.round, new Date()),
    body: () => ({ text: '# nothing yet' }),
  },
  'GET /api/rounds/:id/report': { decide: (actor, f) => canViewResults(actor, f.round, false) },
};
