/**
 * The floor: the least a server can do to answer our read endpoints with the same SQL and the
 * same JSON, on the same database. Bare node:http, one pg pool, the app's own query and
 * presenter functions (so the SQL and the JSON are ours by construction), and nothing else: no
 * routing framework, no session lookup (the member is fixed), no validation, no security headers.
 * What separates our figures from these is the cost of everything the real server adds.
 *
 *   Run: tsx scripts/bench/floor.ts PORT DATABASE_URL MEMBER_ID
 */
import http from 'node:http';
import { createDatabase } from '../../server/db/client.js';
import { presentItem } from '../../server/features/items/items.presenter.js';
import { findItem } from '../../server/features/items/listing-reads.js';
import { searchEngines, searchListings } from '../../server/features/search/search.service.js';
import {
  findChatPageFor,
  findSwapRequestsPageJson,
} from '../../server/features/swaps/swaps.queries.js';
import { OFFERS_PAGE_SIZE } from '../../shared/swap-display.js';

const [port = '4700', url = '', memberId = ''] = process.argv.slice(2);
const db = createDatabase(url, console);

function send(res: http.ServerResponse, status: number, body: unknown): void {
  sendJson(res, status, JSON.stringify(body));
}

function sendJson(res: http.ServerResponse, status: number, json: string): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  });
  res.end(json);
}

const number = (value: string | null, fallback: number) =>
  value === null ? fallback : Number(value);

async function answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://floor');
  const path = url.pathname;
  const q = url.searchParams;
  if (path === '/api/items') {
    const rows = await searchListings(db, searchEngines(), {
      query: {
        limit: number(q.get('limit'), 100),
        offset: number(q.get('offset'), 0),
        search: q.get('search') ?? undefined,
        categoryId: q.get('categoryId') ? Number(q.get('categoryId')) : undefined,
      } as never,
      viewerId: null,
    });
    return send(
      res,
      200,
      rows.map((row) => presentItem(row, { summary: true })),
    );
  }
  let match = /^\/api\/items\/(\d+)$/.exec(path);
  if (match) {
    const row = await findItem(db, Number(match[1]));
    return row ? send(res, 200, presentItem(row)) : send(res, 404, { message: 'Item not found' });
  }
  if (path === '/api/swap-requests') {
    const page = await findSwapRequestsPageJson(db, memberId, {
      limit: number(q.get('limit'), OFFERS_PAGE_SIZE),
      offset: number(q.get('offset'), 0),
    });
    return sendJson(res, 200, page);
  }
  match = /^\/api\/swap-requests\/(\d+)\/messages$/.exec(path);
  if (match) {
    // The service's read without the app server's memory of pages: the query alone.
    const chat = await findChatPageFor(db, Number(match[1]), memberId, {
      limit: number(q.get('limit'), 200),
    });
    return chat ? sendJson(res, 200, chat.page) : send(res, 404, { message: 'Not found' });
  }
  send(res, 404, { message: 'Not found' });
}

http
  .createServer((req, res) => {
    answer(req, res).catch((error) => send(res, 500, { message: String(error) }));
  })
  .listen(Number(port), '127.0.0.1', () => console.info(`floor listening on ${port}`));
