import type { FastifyInstance } from 'fastify';
import { EVENTS_PATH, type LiveEvent } from '../../../shared/events.js';
import { SIGN_IN_REQUIRED } from '../../../shared/policies/decision.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { rawResponse, SIGNED_IN } from '../../http/openapi.js';
import type { LiveSessions } from '../../infra/event-bus.js';
import { EVERYONE } from '../../infra/kept-notices.js';
import { liveSessionKeys, sessionIsLive, sessionKeyOf } from '../../infra/session-store.js';
import { requireUser } from '../../plugins/session.js';
import { startVisitsFeed } from './visits-feed.js';

/** SPEC §9 refreshes the visit counter every 30 s; streams get it pushed at the same pace. */
const VISITS_EVERY_MS = 30_000;
/** A tab holds one stream; more than this from one member on one server is a runaway client. */
const STREAMS_PER_MEMBER = 10;
/** How long the browser waits before reconnecting after the server ends a stream. */
const CLIENT_RETRY_MS = 3_000;

const EVENTS_SCHEMA = {
  summary: 'Live updates for the signed-in member (Server-Sent Events)',
  description: `A stream that stays open. Each event is a \`data:\` line holding JSON with a \`type\`:
\`swap-request\` {swapRequestId}, \`message\` {swapRequestId, messageId}, \`messages-read\`
{swapRequestId}, \`items-changed\`, \`visits\` {totalPageViews}, \`resync\`. Events carry ids only;
fetch what changed through the ordinary endpoints. A comment line is sent every
EVENTS_HEARTBEAT_SECONDS. The stream ends when its session does (sign-out, password reset,
suspension), on every app server. 429 beyond ${STREAMS_PER_MEMBER} streams per member per server.`,
  security: SIGNED_IN,
  response: { 200: rawResponse('The event stream', ['text/event-stream']) },
};

const frame = (event: LiveEvent) => `data: ${JSON.stringify(event)}\n\n`;

/**
 * A stream lasts as long as its session stands. The database tells every app server whenever a
 * member's sessions or account change (`sessions` notices, migrations 0018 and 0022: a session
 * deleted by a sign-out, a password reset or the purge; the member's row updated by a suspension;
 * the same from a script or psql); each server then asks which of that member's streams still
 * have a live session and ends the others, holding their events meanwhile. One path, whoever ends
 * a session. Expiry by the clock alone is caught by the heartbeat.
 */
function endStreamsWithTheirSessions(app: FastifyInstance, ctx: AppContext): void {
  const live: LiveSessions = (keys) => liveSessionKeys(ctx.db, keys, app.sessionDeps.policy);
  ctx.kept.onChanged('sessions', (member) => {
    // A lost link forgets everything: the streams are asked about once it is back.
    if (member === EVERYONE && !ctx.kept.hearing()) return;
    void ctx.events.checkSessions(member, live);
  });
  ctx.kept.onHearing((hearing) => {
    if (hearing) void ctx.events.checkSessions(EVERYONE, live);
  });
}

export function registerEventRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { events } = ctx;
  endStreamsWithTheirSessions(app, ctx);

  app.get(EVENTS_PATH, { schema: EVENTS_SCHEMA }, async (request, reply) => {
    const user = await requireUser(request);
    const token = request.sessionToken;
    if (!token) throw new AppError(401, SIGN_IN_REQUIRED);
    if (events.streamCount(user.id) >= STREAMS_PER_MEMBER) {
      throw new AppError(429, 'Too many open windows. Close a few and reload this page.');
    }

    await events.listening();
    reply.hijack();
    const res = reply.raw;
    // The security headers set by earlier hooks still apply to a hijacked reply.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) res.setHeader(name, value);
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx and friends would otherwise buffer the stream.
      'x-accel-buffering': 'no',
      // A stream ends only when it must (shutdown, sign-out); its socket goes with it rather than
      // idling in keep-alive and holding a closing server back.
      connection: 'close',
    });
    res.write(`retry: ${CLIENT_RETRY_MS}\n: connected\n\n`);

    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      unsubscribe();
      res.end();
    };
    const unsubscribe = events.subscribe(user.id, {
      deliver: (event) => {
        if (!ended) res.write(frame(event));
      },
      // Also called when this stream's session ends, whatever ended it, on any server.
      close: end,
      sessionKey: sessionKeyOf(token),
    });
    const heartbeat = setInterval(async () => {
      try {
        const live = await sessionIsLive(ctx.db, token, app.sessionDeps.policy);
        if (!live) return end();
        if (!ended) res.write(': ping\n\n');
      } catch {
        // The database is away; the stream stays, and the bus resyncs clients when it is back.
      }
    }, ctx.config.eventsHeartbeatMs);
    heartbeat.unref();
    // A sign-out that landed between the session check above and the subscription would have
    // found no stream to close: look once more now that the stream is listed.
    if (!(await sessionIsLive(ctx.db, token, app.sessionDeps.policy))) end();
    // The client went away (tab closed, network lost): 'close' on the response tells, not the request.
    res.on('close', end);
    res.on('error', end);
  });

  const stopVisitsFeed = startVisitsFeed(ctx, VISITS_EVERY_MS);

  // Streams never finish by themselves; ending them lets the server close and clients move on.
  app.addHook('preClose', async () => {
    stopVisitsFeed();
    await events.close();
  });
}
