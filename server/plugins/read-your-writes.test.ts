import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { KeptNotices } from '../infra/kept-notices.js';
import { registerReadYourWrites } from './read-your-writes.js';

/** Notices whose own changes take `ms` to be heard, recording what happened in order. */
function slowNotices(ms: number, log: string[]): KeptNotices {
  return {
    onChanged: () => {},
    onHearing: () => {},
    hearing: () => true,
    keepListening: () => {},
    heard: () =>
      new Promise((resolve) =>
        setTimeout(() => {
          log.push('heard');
          resolve();
        }, ms),
      ),
  };
}

describe('read your writes', () => {
  it('sends a write’s answer only once its server heard what it changed; reads wait for nothing', async () => {
    const log: string[] = [];
    const app = Fastify();
    registerReadYourWrites(app, slowNotices(80, log));
    app.get('/thing', async () => ({ read: true }));
    app.post('/thing', async () => {
      log.push('written');
      return { written: true };
    });
    app.delete('/thing', async (_request, reply) => reply.code(409).send({ message: 'No' }));
    await app.ready();

    const written = await app.inject({ method: 'POST', url: '/thing' });
    log.push('answered');
    expect(written.json()).toEqual({ written: true });
    expect(log).toEqual(['written', 'heard', 'answered']);

    log.length = 0;
    const read = await app.inject({ method: 'GET', url: '/thing' });
    expect(read.json()).toEqual({ read: true });
    expect(log).toEqual([]);

    // A refused write may still have committed something on its way: it waits too.
    const refused = await app.inject({ method: 'DELETE', url: '/thing' });
    expect(refused.statusCode).toBe(409);
    expect(log).toEqual(['heard']);
    await app.close();
  });
});
