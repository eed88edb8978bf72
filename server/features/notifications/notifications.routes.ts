import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponseSchema } from '../../../shared/auth.schemas.js';
import {
  markReadSchema,
  notificationPageSchema,
  notificationSettingsSchema,
  notificationsQuerySchema,
  unreadCountSchema,
  updateNotificationSettingsSchema,
} from '../../../shared/notifications.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { redirectResponse, SIGNED_IN } from '../../http/openapi.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { presentNotification } from './notifications.presenter.js';
import {
  INVALID_UNSUBSCRIBE_LINK,
  listNotifications,
  loadSettings,
  markRead,
  unsubscribe,
  updateSettings,
} from './notifications.service.js';

export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

const tokenQuery = z.object({ token: z.string().max(300).optional() });

/**
 * The bell and the notifications page read here; the listeners that write notifications and
 * the jobs that email them are registered with the routes.
 */
export function registerNotificationRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/notifications',
    {
      schema: {
        summary: 'Your notifications, newest first, with the unread count',
        security: SIGNED_IN,
        querystring: notificationsQuerySchema,
        response: { 200: notificationPageSchema },
      },
    },
    async (request) => {
      const { unread, rows } = await listNotifications(
        ctx,
        await currentUser(request),
        request.query,
      );
      return { unread, items: rows.map(presentNotification) };
    },
  );

  app.post(
    '/api/notifications/read',
    {
      // Changes nothing a listing or a page of listings shows (decision 005).
      bodyLimit: 16 * 1024,
      schema: {
        summary: 'Mark notifications as read',
        description: '`{ ids: [...] }` for some of your own, `{ all: true }` for all of them.',
        security: SIGNED_IN,
        body: markReadSchema,
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => ({
      unread: await markRead(ctx, await requireUser(request), request.body),
    }),
  );

  app.get(
    '/api/notification-settings',
    {
      schema: {
        summary: 'Your email choice per notification type',
        security: SIGNED_IN,
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request) => loadSettings(ctx.db, (await requireUser(request)).id),
  );

  app.patch(
    '/api/notification-settings',
    {
      // Changes nothing a listing or a page of listings shows (decision 005).
      bodyLimit: 8 * 1024,
      schema: {
        summary: 'Choose instant, daily digest or off per notification type',
        security: SIGNED_IN,
        body: updateNotificationSettingsSchema,
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request) => {
      const member = await requireUser(request);
      return updateSettings(ctx, member, member.id, request.body);
    },
  );

  // One-click unsubscribe (RFC 8058): no session, the signed token decides. Mail providers POST
  // `List-Unsubscribe=One-Click` form-encoded, so this scope alone parses forms, and the route
  // tells the cross-site guard (plugins/security.ts) to let exactly that through.
  server.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const unsubscribeApp = scope.withTypeProvider<ZodTypeProvider>();

    // A mail client without one-click support opens the link: show the confirmation page.
    unsubscribeApp.get(
      UNSUBSCRIBE_PATH,
      {
        schema: {
          summary: 'Open the unsubscribe confirmation page of an email link',
          description: 'For mail clients without one-click support (RFC 8058); no sign-in.',
          querystring: tokenQuery,
          response: { 303: redirectResponse('The confirmation page', '/unsubscribe?token=…') },
        },
      },
      async (request, reply) =>
        reply.redirect(`/unsubscribe?token=${encodeURIComponent(request.query.token ?? '')}`, 303),
    );

    unsubscribeApp.post(
      UNSUBSCRIBE_PATH,
      {
        bodyLimit: 1024,
        config: { acceptsFormPost: true },
        schema: {
          summary: 'Unsubscribe from an email type in one click (RFC 8058)',
          description: 'The signed token in the link decides; no sign-in.',
          querystring: tokenQuery,
          body: z
            .object({
              token: z.string({ error: INVALID_UNSUBSCRIBE_LINK }).max(300).optional(),
              'List-Unsubscribe': z.string().max(40).optional(),
            })
            .optional(),
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        const token = request.query.token ?? request.body?.token;
        if (!token) throw new AppError(400, INVALID_UNSUBSCRIBE_LINK);
        return { message: await unsubscribe(ctx, token) };
      },
    );
  });
}
