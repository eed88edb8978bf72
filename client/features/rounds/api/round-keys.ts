/**
 * Every round query lives under this key: a change to a round refetches what shows it. A module
 * of its own so that the live stream's handlers (features/events) need not fetch the rounds' API.
 */
export const ROUNDS_KEY = ['/api/rounds'] as const;
export const roundKey = (id: number) => [...ROUNDS_KEY, String(id)] as const;
