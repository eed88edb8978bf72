import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCOUNT_ERASED, deleteAccountSchema } from '../../../shared/account.js';
import { messageResponseSchema } from '../../../shared/auth.schemas.js';
import type { AppContext } from '../../context.js';
import { rawResponse, SIGNED_IN } from '../../http/openapi.js';
import { clearSessionCookie, requireUser } from '../../plugins/session.js';
import { eraseOwnAccount } from './erasure.js';
import { exportMemberData } from './export.js';

/** A member's data and its erasure (issue 40 §1); admins erase from admin.routes.ts. */
export function registerAccountRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  // Untyped reply: the document is a stream, which the type provider's string cannot say.
  server.get(
    '/api/account/export',
    {
      schema: {
        summary: 'Download everything the site holds about you',
        description:
          'One JSON document, sent as it is read (an attachment): account, listings with their photos and wants, saved items and searches, offers and circles with their messages, rounds, ratings given and received, reports and problems raised, notifications and their settings, sessions (when they began and end; never their ids), push devices (the push service only), page views, blocks, pictures, counters, moderation done by an admin, and the names of the other members it mentions (never their addresses or private fields).',
        security: SIGNED_IN,
        response: { 200: rawResponse('The JSON document', ['application/json']) },
      },
    },
    async (request, reply) => {
      const member = await requireUser(request);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="swapmarket-data-${day}.json"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(exportMemberData(ctx, member.id)));
    },
  );

  app.delete(
    '/api/account',
    {
      bodyLimit: 4 * 1024,
      schema: {
        summary: 'Erase your account',
        description:
          'With your password (403 `Incorrect password` otherwise; wrong guesses count with failed sign-ins, 429 past the limit). Your profile, address, password, sessions, push devices, saved items, searches and alerts go; listings no trade names are deleted with their photos; offers, chats, circles and ratings stay for the other members, showing "Deleted member". You are signed out; the address can register again.',
        security: SIGNED_IN,
        body: deleteAccountSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request, reply) => {
      const member = await requireUser(request);
      await eraseOwnAccount(ctx, member, request.body.password);
      clearSessionCookie(reply, ctx.config);
      return { message: ACCOUNT_ERASED };
    },
  );
}
