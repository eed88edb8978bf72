import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { registerErrorHandler } from './errors.js';

function appThrowing(error: unknown) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/boom', async () => {
    throw error;
  });
  return app;
}

describe('the error handler', () => {
  it('hides a programming error behind a bare 500', async () => {
    const response = await appThrowing(
      new TypeError("Cannot read properties of undefined (reading 'id') at /srv/x.js:1"),
    ).inject('/boom');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal server error' });
  });

  it('passes an AppError through with its status, message and headers', async () => {
    const response = await appThrowing(
      new AppError(429, 'Slow down', { 'retry-after': '30' }),
    ).inject('/boom');
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('30');
    expect(response.json()).toEqual({ message: 'Slow down' });
  });

  it.each([
    [
      'refused connection',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    [
      'server shutting down',
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
    ],
    [
      'wrapped by the ORM',
      Object.assign(new Error('Failed query: select 1'), {
        cause: Object.assign(new Error('x'), { code: '08006' }),
      }),
    ],
  ])('answers 503 when the database is unavailable (%s)', async (_name, error) => {
    const response = await appThrowing(error).inject('/boom');
    expect(response.statusCode).toBe(503);
    expect(response.body).not.toMatch(/127\.0\.0\.1|57P01|select/);
  });
});
