import type { Database, Transaction } from './client.js';

/** What runs once a transaction has committed, keyed by the transaction it waits for. */
const pendingEffects = new WeakMap<Transaction, Array<() => void>>();

/**
 * `db.transaction`, plus effects that wait for the commit (`afterCommit`): forgetting what this
 * server keeps of a change must happen after the change is visible, or a read racing the commit
 * could keep the old answer again; and must not happen at all when the change rolls back.
 */
export async function transact<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const effects: Array<() => void> = [];
  const result = await db.transaction(async (tx) => {
    pendingEffects.set(tx, effects);
    return work(tx);
  });
  for (const effect of effects) effect();
  return result;
}

/**
 * Runs `effect` once `tx` has committed (never if it rolls back). Only a transaction opened by
 * `transact` can carry effects: anywhere else the effect would silently never run, so that is
 * refused at once.
 */
export function afterCommit(tx: Transaction, effect: () => void): void {
  const effects = pendingEffects.get(tx);
  if (!effects) throw new Error('afterCommit needs a transaction opened with transact()');
  effects.push(effect);
}

/**
 * `afterCommit` where the transaction may not be `transact`'s: false (and nothing scheduled) for
 * one opened otherwise, for callers with a fallback of their own.
 */
export function whenCommitted(tx: Transaction, effect: () => void): boolean {
  const effects = pendingEffects.get(tx);
  if (!effects) return false;
  effects.push(effect);
  return true;
}
