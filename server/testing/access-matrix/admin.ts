import { firstRefusal } from '../../../shared/policies/decision.js';
import { canDeleteItem, canEditItem } from '../../../shared/policies/items.js';
import { canHandleMemberReport } from '../../../shared/policies/members.js';
import { canEditProfile } from '../../../shared/policies/profiles.js';
import { canResolveReport } from '../../../shared/policies/reports.js';
import { canDeleteFeedback, canDeleteMessage } from '../../../shared/policies/swaps.js';
import { admins, type Expectation } from './decide.js';

/** The access matrix's admin routes: moderation, member reports, federation and exports. */
export const ADMIN: Record<string, Expectation> = {
  'GET /api/admin/member-reports': { decide: (actor) => canHandleMemberReport(actor) },
  'GET /api/admin/federation/instances': { decide: admins },
  // An address no instance answers at: an admin is told so (400), nothing is followed.
  'POST /api/admin/federation/instances': {
    decide: admins,
    body: () => ({ url: 'https://matrix.invalid' }),
  },
  'PATCH /api/admin/federation/instances/:id': { decide: admins, body: () => ({ blocked: true }) },
  'DELETE /api/admin/federation/instances/:id': { decide: admins },
  'PATCH /api/admin/member-reports/:id': {
    decide: (actor) => canHandleMemberReport(actor),
    body: () => ({ action: 'dismiss' }),
  },
  'GET /api/admin/problems': { decide: admins },
  // No problem has id 1 in the matrix's database: admins get past the guard to a 404.
  'PATCH /api/admin/problems/:id': { decide: admins, body: () => ({ resolution: 'dismissed' }) },
  'GET /api/admin/stats': { decide: admins },
  'GET /api/admin/visitor-analytics': { decide: admins },
  'GET /api/admin/users': { decide: admins },
  'GET /api/admin/items': { decide: admins },
  'GET /api/admin/feedback': { decide: admins },
  'GET /api/admin/messages': { decide: admins },
  'GET /api/flagged-items': { decide: (actor) => canResolveReport(actor) },
  'DELETE /api/admin/feedback/:id': { decide: (actor) => canDeleteFeedback(actor) },
  'DELETE /api/admin/messages/:id': { decide: (actor) => canDeleteMessage(actor) },
  // The admin routes refuse members before anything else (one guard for the whole scope).
  'DELETE /api/admin/items/:id': {
    decide: (actor, f) =>
      firstRefusal(
        () => admins(actor, f),
        () => canDeleteItem(actor, f.item),
      ),
  },
  'PATCH /api/admin/items/:id': {
    decide: (actor, f) =>
      firstRefusal(
        () => admins(actor, f),
        () => canEditItem(actor, f.item, ['title']),
      ),
    body: () => ({ title: 'Moderated' }),
  },
  'PATCH /api/admin/users/:id/profile': {
    decide: (actor, f) =>
      firstRefusal(
        () => admins(actor, f),
        () => canEditProfile(actor, f.ownerId, ['bio']),
      ),
    body: () => ({ bio: 'Moderated' }),
  },
  'PATCH /api/admin/flagged-items/:id': {
    decide: (actor) => canResolveReport(actor),
    body: () => ({ status: 'dismissed' }),
  },
  'GET /api/admin/export/:kind': { decide: admins },
  // No member has id 1: admins get past the guard to a 404 (the erasure is account.routes.test).
  'DELETE /api/admin/users/:id': { decide: admins },
  // Blocked photos (issue 40 §3): the fixture's listing photo, blocked (201, then 409).
  'GET /api/admin/blocked-images': { decide: admins },
  'POST /api/admin/blocked-images': { decide: admins, body: (f) => ({ imageUrl: f.imageUrl }) },
  'DELETE /api/admin/blocked-images/:id': { decide: admins },
  // Safe meeting places (issue 40 §4): no place has id 1 in the matrix's database, so admins
  // get past the guard to a 404.
  'GET /api/admin/meeting-places': { decide: admins },
  'POST /api/admin/meeting-places': {
    decide: admins,
    body: () => ({ name: 'Library', address: '1 Main St', latitude: 51.5, longitude: 0 }),
  },
  'PATCH /api/admin/meeting-places/:id': { decide: admins, body: () => ({ name: 'Moved' }) },
  'DELETE /api/admin/meeting-places/:id': { decide: admins },
};
