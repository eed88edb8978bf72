import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_TOPIC_NAMES, type NotificationTopic } from '../../../shared/notifications.js';

/** What a token switches off: one topic's emails, or every topic the daily digest carries. */
export type UnsubscribeScope = NotificationTopic | 'digest';

const SCOPES: readonly string[] = [...NOTIFICATION_TOPIC_NAMES, 'digest'];

function signature(secret: string, userId: string, scope: UnsubscribeScope): string {
  return createHmac('sha256', secret)
    .update(`unsubscribe:${userId}:${scope}`)
    .digest('base64url')
    .slice(0, 32);
}

/**
 * `<member>.<scope>.<signature>`: an HMAC with the session secret over member and scope, so the
 * link in an email works without signing in and cannot be turned to another member or scope.
 * It never expires: an unsubscribe link must keep working in an old email.
 */
export function unsubscribeToken(secret: string, userId: string, scope: UnsubscribeScope): string {
  return `${userId}.${scope}.${signature(secret, userId, scope)}`;
}

export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; scope: UnsubscribeScope } | null {
  const [userId, scope, given, ...rest] = token.split('.');
  if (!userId || !scope || !given || rest.length > 0 || !SCOPES.includes(scope)) return null;
  const expected = Buffer.from(signature(secret, userId, scope as UnsubscribeScope));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  return { userId, scope: scope as UnsubscribeScope };
}
