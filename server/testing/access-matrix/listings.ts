import {
  canCreateItem,
  canDeleteItem,
  canDrawGiveaway,
  canEditItem,
  canSaveItems,
  FULL_ITEM_EDIT,
} from '../../../shared/policies/items.js';
import { canSetWants, canSwapFor, canViewMatches } from '../../../shared/policies/matching.js';
import { canReportItem } from '../../../shared/policies/reports.js';
import { type Expectation, everyone, members } from './decide.js';

/**
 * The access matrix's routes of listings: their categories, wants and matches, saved listings,
 * photos and reports.
 */
export const LISTINGS: Record<string, Expectation> = {
  'GET /api/categories': { decide: everyone },
  'GET /api/items': { decide: everyone },
  'GET /api/items/facets': { decide: everyone },
  'GET /api/items/:id': { decide: everyone },
  'POST /api/items': {
    decide: (actor) => canCreateItem(actor),
    body: () => ({ title: 'Matrix lamp', description: 'Bright', condition: 'good' }),
  },
  'PUT /api/items/:id': {
    decide: (actor, f) => canEditItem(actor, f.item, FULL_ITEM_EDIT),
    body: () => ({ title: 'Renamed', description: 'Bright', condition: 'good', categoryId: '8' }),
  },
  'DELETE /api/items/:id': { decide: (actor, f) => canDeleteItem(actor, f.item) },
  // Issue 38 §2: the fixture's listing is a swap, so the owner's draw is a 409 (not refused).
  'POST /api/items/:id/draw': { decide: (actor, f) => canDrawGiveaway(actor, f.item) },
  'GET /api/items/:id/wants': { decide: everyone },
  'PUT /api/items/:id/wants': {
    decide: (actor, f) => canSetWants(actor, f.item),
    body: () => ({ itemIds: [] }),
  },
  'GET /api/items/:id/wanted-by': { decide: (actor) => canViewMatches(actor) },
  'PUT /api/items/:id/wanted-by': {
    decide: (actor, f) => canSwapFor(actor, f.item),
    body: () => ({ itemIds: [] }),
  },
  'GET /api/matches': { decide: (actor) => canViewMatches(actor) },
  'GET /api/matches/new': { decide: (actor) => canViewMatches(actor) },
  'POST /api/matches/seen': { decide: (actor) => canViewMatches(actor) },
  'GET /api/items/:id/saved': { decide: members },
  'POST /api/items/:id/save': { decide: (actor) => canSaveItems(actor) },
  'DELETE /api/items/:id/save': { decide: (actor) => canSaveItems(actor) },
  'GET /api/saved-items': { decide: members },
  'GET /api/saved-items/ids': { decide: members },
  'GET /api/images/:id': { decide: everyone },
  'GET /api/images/:id/thumb': { decide: everyone },
  'POST /api/items/:id/report': {
    decide: (actor, f) => canReportItem(actor, f.item),
    body: () => ({ reason: 'Other' }),
  },
};
