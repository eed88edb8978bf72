import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/client.js';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';
import { createNotifyChannel } from './notify-channel.js';

const quiet = { warn: () => {}, info: () => {} };
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A TCP relay to the test database whose open connections can go silent, as behind a firewall
 * that dropped them: nothing passes either way, and nothing closes.
 */
async function silenceableRelay(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const host = decodeURIComponent(url.hostname);
  const port = Number(url.port || 5432);
  const target = host.startsWith('/') ? { path: `${host}/.s.PGSQL.${port}` } : { host, port };
  const open: net.Socket[] = [];
  const all: net.Socket[] = [];
  const server = net.createServer((socket) => {
    const upstream = net.connect(target);
    socket.pipe(upstream);
    upstream.pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
    open.push(socket, upstream);
    all.push(socket, upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  const relayed = new URL(databaseUrl);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(address.port);
  relayed.searchParams.delete('host');
  return {
    url: relayed.toString(),
    silence() {
      for (const socket of open.splice(0)) {
        socket.unpipe();
        socket.pause();
      }
    },
    close: async () => {
      for (const socket of all) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('the listening connection', () => {
  it('is found dead when it stops answering, and listens again on a new one', async () => {
    const relay = await silenceableRelay(database.url);
    const db = createDatabase(relay.url, { error: () => {} }, { max: 1 });
    const watched = createNotifyChannel(db, quiet, { linkCheckMs: 150 });
    const links: boolean[] = [];
    watched.onLink((listening) => links.push(listening));
    try {
      watched.keepListening();
      await watched.listening();
      expect(links).toEqual([true]);
      relay.silence();
      const started = Date.now();
      while (links.length < 3 && Date.now() - started < 5000) await sleep(25);
      // Lost within two checks, then back (after the first reconnection delay) on a new connection.
      expect(links).toEqual([true, false, true]);
    } finally {
      await watched.close();
      await db.$client.end();
      await relay.close();
    }
  });
});
