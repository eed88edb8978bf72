import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built client: hashed assets cached for a year, index.html for every other GET so the
 * client router can take over. Unknown /api paths stay JSON 404s.
 */
/** Source maps would hand out the client's whole source: kept on disk, never served. */
const SOURCE_MAP = /\.map(\.(br|gz))?$/i;

export async function registerClientApp(app: FastifyInstance, clientDir: string): Promise<void> {
  const hasClient = existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      allowedPath: (pathname) => !SOURCE_MAP.test(pathname),
      // The build writes .br and .gz beside each asset (scripts/compress-client.mjs).
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/api(\/|$)/i.test(pathname) &&
      !SOURCE_MAP.test(pathname);
    if (isPage && hasClient) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ message: 'Not found' });
  });
}
