import type { Transaction } from '../db/client.js';

/**
 * The vocabulary of domain events. Infrastructure names none: each feature declares the events it
 * announces next to the code that announces them, by adding them to this interface
 * (`declare module '…/infra/domain-hooks.js' { interface DomainEvents { 'swap.changed': … } }`),
 * and every listener anywhere is typed by it without importing that feature.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the features' declarations (merging).
export interface DomainEvents {}

type Listener<E> = (tx: Transaction, event: E) => Promise<void>;

export type DomainHooks = {
  on: <K extends keyof DomainEvents>(name: K, listener: Listener<DomainEvents[K]>) => void;
  /** Runs every listener of `name`, in registration order, in `tx`. */
  emit: <K extends keyof DomainEvents>(
    tx: Transaction,
    name: K,
    event: DomainEvents[K],
  ) => Promise<void>;
};

export function createDomainHooks(): DomainHooks {
  // Keyed by event name; `on` and `emit` keep each list's listeners and events of one type.
  const listeners = new Map<keyof DomainEvents, Array<Listener<never>>>();
  return {
    on(name, listener) {
      listeners.set(name, [...(listeners.get(name) ?? []), listener as Listener<never>]);
    },
    async emit(tx, name, event) {
      for (const listener of listeners.get(name) ?? []) {
        await (listener as Listener<typeof event>)(tx, event);
      }
    },
  };
}
