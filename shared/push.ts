import { z } from 'zod';

/**
 * Devices (browser subscriptions) one member may have push on for. Each costs a request per
 * pushed notification; more than a person's phones, computers and browsers is a sign of abuse.
 */
export const MAX_PUSH_DEVICES = 10;

/** A base64url string (the browser's keys and the VAPID public key are sent this way). */
const base64url = (what: string, min: number, max: number) =>
  z
    .string({ error: `${what} must be a base64url string` })
    .min(min, { error: `${what} is too short` })
    .max(max, { error: `${what} is too long` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: `${what} must be a base64url string` });

const endpoint = z
  .string({ error: 'endpoint must be the push service URL' })
  .max(1000, { error: 'endpoint is too long' })
  .url({ error: 'endpoint must be the push service URL' });

/**
 * POST /api/push/subscriptions: what the browser's PushSubscription.toJSON() gives (extra fields
 * such as expirationTime are ignored).
 */
export const pushSubscriptionSchema = z.object({
  endpoint,
  keys: z.object(
    {
      // An uncompressed P-256 point is 65 bytes: 87 characters in base64url.
      p256dh: base64url('keys.p256dh', 80, 100),
      // 16 bytes: 22 characters.
      auth: base64url('keys.auth', 16, 32),
    },
    { error: 'keys must hold p256dh and auth' },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /api/push/subscriptions: the endpoint of this device's subscription. */
export const pushUnsubscribeSchema = z.object({ endpoint });

/** GET /api/push/public-key: the server's VAPID public key (applicationServerKey). */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });

export const pushSubscriptionSavedSchema = z.object({ subscribed: z.boolean() });

/** What the service worker receives in a push (encrypted end to end). */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A path inside the site, opened when the notification is clicked. */
  url: z.string(),
  /** Notifications with one tag replace each other (a repeat delivery shows once). */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
