/**
 * A policy answers "may this actor do this?" with a reason when the answer is no. The server
 * enforces the answer (status and reason become the HTTP error); the client uses the same
 * functions to decide which buttons to show. Pure functions over plain facts: no I/O.
 */
export type Actor = { id: string; isAdmin: boolean };

export type RefusalStatus = 400 | 401 | 403 | 404 | 409;
export type Refusal = { ok: false; status: RefusalStatus; reason: string };
export type Decision = { ok: true } | Refusal;

export const ALLOWED: Decision = Object.freeze({ ok: true });

export function refuse(status: RefusalStatus, reason: string): Refusal {
  return { ok: false, status, reason };
}

export const SIGN_IN_REQUIRED = 'Please sign in to continue';
export const ADMIN_REQUIRED = 'You need admin privileges to do that';

/** The first refusal among `checks`, evaluated lazily in order; allowed when none refuses. */
export function firstRefusal(...checks: Array<() => Decision>): Decision {
  for (const check of checks) {
    const decision = check();
    if (!decision.ok) return decision;
  }
  return ALLOWED;
}

export function requireActor(actor: Actor | null): Decision {
  return actor ? ALLOWED : refuse(401, SIGN_IN_REQUIRED);
}

/** Signed in and an admin. */
export function canModerate(actor: Actor | null): Decision {
  if (!actor) return refuse(401, SIGN_IN_REQUIRED);
  return actor.isAdmin ? ALLOWED : refuse(403, ADMIN_REQUIRED);
}

/** Whether every one of `fields` is in `allowed`. */
export function onlyFields(fields: readonly string[], allowed: readonly string[]): boolean {
  return fields.every((field) => allowed.includes(field));
}
