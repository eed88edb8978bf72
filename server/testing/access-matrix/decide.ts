import {
  type Actor,
  ALLOWED,
  canModerate,
  type Decision,
  requireActor,
} from '../../../shared/policies/decision.js';
import type { Fixture } from './fixture.js';

/** What a route's policy decides for an actor on a cell's fixture. */
export type Decide = (actor: Actor | null, f: Fixture) => Decision;

/** A route's entry in the matrix: its policy, the body it is sent, and whether it is a stream. */
export type Expectation = { decide: Decide; body?: (f: Fixture) => object; stream?: true };

export const everyone: Decide = () => ALLOWED;
export const members: Decide = (actor) => requireActor(actor);
export const admins: Decide = (actor) => canModerate(actor);

/** The matrix's one table, from each feature's; a route described twice is a mistake. */
export function routeTable(
  ...tables: Array<Record<string, Expectation>>
): Record<string, Expectation> {
  const all: Record<string, Expectation> = {};
  for (const table of tables) {
    for (const [route, expectation] of Object.entries(table)) {
      if (all[route]) throw new Error(`${route} is described twice in the access matrix`);
      all[route] = expectation;
    }
  }
  return all;
}
