import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../../shared/events.js';
import { LISTENER_NAME } from '../../infra/notify-channel.js';
import {
  createPeerApp,
  createTestApp,
  listenOnLoopback,
  registerMember,
  sessionCookie,
  type TestApp,
} from '../../testing/app.js';
import { type EventStream, openEventStream } from '../../testing/event-stream.js';

type Member = Awaited<ReturnType<typeof registerMember>>;

let t: TestApp;
let peer: FastifyInstance;
let baseUrl: string;
let peerUrl: string;
let owner: Member;
let offerer: Member;
let stranger: Member;
const streams: EventStream[] = [];

async function stream(who: Member, url = baseUrl): Promise<EventStream> {
  const opened = await openEventStream(url, who.cookie);
  streams.push(opened);
  expect(opened.status).toBe(200);
  return opened;
}

function call(method: 'GET' | 'POST' | 'PATCH', url: string, who: Member, payload?: object) {
  return t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
}

async function offerOnNewItem(): Promise<number> {
  const item = await call('POST', '/api/items', owner, {
    title: 'Banjo',
    description: 'Five strings',
    condition: 'good',
    categoryId: 7,
  });
  const offer = await call('POST', '/api/swap-requests', offerer, {
    itemId: item.json().id,
    message: 'Swap for my fiddle?',
  });
  expect(offer.statusCode).toBe(201);
  return offer.json().id;
}

const isType =
  <T extends LiveEvent['type']>(type: T, swapRequestId?: number) =>
  (event: LiveEvent) =>
    event.type === type &&
    (swapRequestId === undefined ||
      ('swapRequestId' in event && event.swapRequestId === swapRequestId));

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false', EVENTS_HEARTBEAT_SECONDS: '1' });
  peer = await createPeerApp(t);
  baseUrl = await listenOnLoopback(t.app);
  peerUrl = await listenOnLoopback(peer);
  [owner, offerer, stranger] = [
    await registerMember(t.app),
    await registerMember(t.app),
    await registerMember(t.app),
  ];
});
afterAll(async () => {
  for (const s of streams) s.close();
  await peer.close();
  await t.close();
});

describe('GET /api/events', () => {
  it('is for signed-in members only', async () => {
    const response = await fetch(`${baseUrl}/api/events`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Please sign in to continue' });
  });

  it('streams with the security headers and no caching', async () => {
    const opened = await stream(owner);
    expect(opened.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.headers['x-content-type-options']).toBe('nosniff');
    opened.close();
  });

  it('pushes a new offer, its status changes and its chat to both parties, and to no one else', async () => {
    const [ownerStream, offererStream, strangerStream] = [
      await stream(owner),
      await stream(offerer),
      await stream(stranger),
    ];
    const id = await offerOnNewItem();
    await ownerStream.next(isType('swap-request', id));
    await offererStream.next(isType('swap-request', id));

    const posted = await call('POST', `/api/swap-requests/${id}/messages`, offerer, {
      content: 'Still keen?',
    });
    const messageId = posted.json().id;
    expect(await ownerStream.next(isType('message', id))).toEqual({
      type: 'message',
      swapRequestId: id,
      messageId,
    });
    await offererStream.next(isType('message', id));

    // The owner's chat marks the message read once shown: the sender learns it at once.
    await call('POST', `/api/swap-requests/${id}/messages/read`, owner);
    await offererStream.next(isType('messages-read', id));

    offererStream.received.length = 0;
    await call('PATCH', `/api/swap-requests/${id}`, owner, { status: 'accepted' });
    await offererStream.next(isType('swap-request', id));

    // Give any stray delivery time to arrive before asserting the stranger saw nothing of it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(
      strangerStream.received.filter((e) => 'swapRequestId' in e && e.swapRequestId === id),
    ).toEqual([]);
  });

  it('reaches a stream held on another app server on the same database', async () => {
    const onPeer = await stream(owner, peerUrl);
    const id = await offerOnNewItem(); // written through the first server
    await onPeer.next(isType('swap-request', id));
    await call('POST', `/api/swap-requests/${id}/messages`, offerer, { content: 'Hello' });
    await onPeer.next(isType('message', id));
  });

  it('tells everyone, on every server, that listings changed', async () => {
    const strangerStream = await stream(stranger);
    // Listed through the peer, which has announced nothing yet (the announcement is throttled).
    await peer.inject({
      method: 'POST',
      url: '/api/items',
      headers: { cookie: owner.cookie },
      payload: { title: 'Ukulele', description: 'Four strings', condition: 'new', categoryId: 7 },
    });
    await strangerStream.next(isType('items-changed'));
  });

  it('ends the stream when the session is signed out elsewhere', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: stranger.input.email, password: stranger.input.password },
    });
    const other = { ...stranger, cookie: sessionCookie(login) };
    const opened = await stream(other);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: other.cookie } });
    // The next heartbeat (1 s here) re-checks the session and closes the stream.
    await expect(
      Promise.race([
        opened.ended.then(() => 'ended'),
        new Promise((resolve) => setTimeout(() => resolve('still open'), 4000)),
      ]),
    ).resolves.toBe('ended');
  });

  it('refuses a runaway number of streams from one member', async () => {
    const member = await registerMember(t.app);
    for (let i = 0; i < 10; i++) await stream(member);
    const refused = await openEventStream(baseUrl, member.cookie);
    expect(refused.status).toBe(429);
  });

  it('tells clients to resync after the server loses and regains its database link', async () => {
    const opened = await stream(owner);
    await t.db.$client.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = $1`,
      [LISTENER_NAME],
    );
    await opened.next(isType('resync'), 15_000);
    // And it listens again: new events still arrive.
    const id = await offerOnNewItem();
    await opened.next(isType('swap-request', id));
  }, 20_000);

  it('ends every stream when the server shuts down', async () => {
    const extra = await createPeerApp(t);
    const url = await listenOnLoopback(extra);
    const opened = await stream(owner, url);
    await extra.close();
    await opened.ended;
  });
});
