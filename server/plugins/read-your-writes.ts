import type { FastifyInstance, onSendHookHandler } from 'fastify';
import { isWriteRoute } from '../http/write-routes.js';
import type { KeptNotices } from '../infra/kept-notices.js';

/**
 * What a server keeps (sessions, pages of offers and chats, browse and search pages, listings) is
 * forgotten when the database's triggers say it changed, and their notices reach every server a
 * moment after the commit. A write's answer leaves only once its own server has heard every notice
 * of what the write committed, so the author's next read there already sees the change, with no
 * route needing to know what it changes or what is kept. Reads pay nothing.
 */
export function registerReadYourWrites(app: FastifyInstance, notices: KeptNotices): void {
  const awaitOwnNotices: onSendHookHandler = (_request, _reply, payload, done) => {
    notices.heard().then(
      () => done(null, payload),
      () => done(null, payload),
    );
  };
  app.addHook('onRoute', (route) => {
    if (isWriteRoute(route)) route.onSend = [route.onSend ?? []].flat().concat(awaitOwnNotices);
  });
}
