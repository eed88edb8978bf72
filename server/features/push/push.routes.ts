import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MAX_PUSH_DEVICES,
  pushPublicKeySchema,
  pushSubscriptionSavedSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '../../../shared/push.js';
import type { AppContext } from '../../context.js';
import { SIGNED_IN } from '../../http/openapi.js';
import { currentUser } from '../../plugins/session.js';
import { vapidKeys } from './push.delivery.js';
import { subscribe, unsubscribe } from './push.service.js';

/**
 * Web Push: the member's browser subscribes with the server's public key and hands the
 * subscription here; notifications then go out by push (push.delivery.ts) per their settings.
 */
export function registerPushRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/push/public-key',
    {
      schema: {
        summary: "The server's VAPID public key, to subscribe a browser to push",
        description: 'Pass it as `applicationServerKey` to `PushManager.subscribe`. No sign-in.',
        response: { 200: pushPublicKeySchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { publicKey: (await vapidKeys(ctx)).publicKey };
    },
  );

  app.post(
    '/api/push/subscriptions',
    {
      // Changes nothing a listing or a page of listings shows (decision 005).
      bodyLimit: 4 * 1024,
      schema: {
        summary: "Opt this device in to push: store the browser's push subscription",
        description:
          'The body is `PushSubscription.toJSON()`. The same endpoint sent again (another account ' +
          'on the device) moves to the member sending it. The endpoint must be the https URL of ' +
          `a public push service on port 443 (400 naming why not). At most ${MAX_PUSH_DEVICES} ` +
          'devices per member: one more is refused (409) until push is turned off on another.',
        security: SIGNED_IN,
        body: pushSubscriptionSchema,
        response: { 201: pushSubscriptionSavedSchema },
      },
    },
    async (request, reply) => {
      await subscribe(ctx, await currentUser(request), request.body);
      return reply.code(201).send({ subscribed: true });
    },
  );

  app.delete(
    '/api/push/subscriptions',
    {
      // Changes nothing a listing or a page of listings shows (decision 005).
      bodyLimit: 4 * 1024,
      schema: {
        summary: 'Opt this device out of push: forget its subscription',
        description: 'Names the endpoint; only your own subscriptions are removed.',
        security: SIGNED_IN,
        body: pushUnsubscribeSchema,
        response: { 200: pushSubscriptionSavedSchema },
      },
    },
    async (request) => {
      await unsubscribe(ctx, await currentUser(request), request.body.endpoint);
      return { subscribed: false };
    },
  );
}
