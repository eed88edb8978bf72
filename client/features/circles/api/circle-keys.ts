/**
 * Every circle query lives under this key: `circle` events refetch them all. A module of its own
 * so that the live stream's handlers (features/events) need not fetch the circles' API code.
 */
export const CIRCLES_KEY = ['/api/circles'] as const;
export const circleKey = (id: number) => [...CIRCLES_KEY, String(id)] as const;
export const circleMessagesKey = (id: number) => [...circleKey(id), 'messages'] as const;
