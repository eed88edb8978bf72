import {
  type Actor,
  ALLOWED,
  canModerate,
  type Decision,
  refuse,
  SIGN_IN_REQUIRED,
} from './decision.js';
import type { ItemFacts } from './items.js';

/** Any member may report a listing, except their own. */
export function canReportItem(actor: Actor | null, item: Pick<ItemFacts, 'userId'>): Decision {
  if (!actor) return refuse(401, SIGN_IN_REQUIRED);
  return actor.id === item.userId ? refuse(400, 'You cannot report your own listing') : ALLOWED;
}

/** The reports queue and its resolution belong to admins. */
export const canResolveReport = (actor: Actor | null): Decision => canModerate(actor);
