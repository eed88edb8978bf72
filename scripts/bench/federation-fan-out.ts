/**
 * Fan-out (issue 37 §5): 50 follower instances simulated by tiny HTTP servers that accept any
 * POST (202) and note when it came, registered as accepted followers in the sender's `instances`
 * table; listings created through the sender's API, and when each reached each inbox.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import {
  call,
  type Instance,
  percentile,
  query,
  type Report,
  register,
  sleep,
  until,
} from './federation-instances.js';
import { acceptable } from './federation-sender.js';
import { ADJECTIVES, NOUNS, SENTENCES } from './seed.js';

/** A simulated follower instance: any POST answered 202, its arrival noted with its body. */
async function simulatedInbox() {
  const arrivals: Array<{ at: number; body: string }> = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST')
        arrivals.push({ at: performance.now(), body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(request.method === 'POST' ? 202 : 404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    arrivals,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The sender keeps its connections alive: close them rather than wait for them.
        server.closeAllConnections();
      }),
  };
}

export type FanOut = {
  followers: number;
  listings: number;
  /** Creation (the POST sent) to arrival at an inbox, over every listing and inbox. */
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Each listing's last arrival. */
  lastPerListingMs: number[];
  missing: number;
  loadAverage: number;
};

/**
 * `followers` simulated follower instances of the sender; `listings` listings created one after
 * another through its API, each waited for at every inbox.
 */
export async function fanOut(options: {
  sender: Instance;
  followers: number;
  listings: number;
  report: Report;
}): Promise<FanOut> {
  const { sender, followers, listings, report } = options;
  const inboxes = await Promise.all(Array.from({ length: followers }, () => simulatedInbox()));
  try {
    // Only the simulated followers receive: any real follower (the receiver) is let go.
    await query(sender.dbUrl, `update instances set follower = 'none'`);
    await query(
      sender.dbUrl,
      `insert into instances (host, base_url, actor_url, inbox_url, name, follower)
       select substr(b, 8), b, b || '/actor', b || '/inbox', 'Simulated ' || n, 'accepted'
         from unnest($1::text[]) with ordinality as t(b, n)`,
      [inboxes.map((inbox) => inbox.base)],
    );
    const cookie = await register(sender, `fanout@${sender.name}.bench.example`);
    const [category] = (await call(`${sender.url}/api/categories`, 'GET')).json as Array<{
      id: number;
    }>;
    const loadAverage = loadavg()[0] ?? 0;
    const times: number[] = [];
    const lastPerListing: number[] = [];
    let missing = 0;
    for (let k = 0; k < listings; k++) {
      const started = performance.now();
      const made = await call(
        `${sender.url}/api/items`,
        'POST',
        {
          title: `${ADJECTIVES[k % ADJECTIVES.length]} ${NOUNS[k % NOUNS.length]}`,
          description: acceptable(SENTENCES)[k] ?? 'Bench listing',
          condition: 'good',
          categoryId: category?.id,
        },
        cookie,
      );
      const marker = `/item/${made.json.id}"`;
      const arrivedAt = (inbox: (typeof inboxes)[number]) =>
        inbox.arrivals.find((arrival) => arrival.at >= started && arrival.body.includes(marker))
          ?.at;
      await until(
        `listing ${made.json.id} at ${followers} inboxes`,
        async () => (inboxes.every((inbox) => arrivedAt(inbox) !== undefined) ? true : undefined),
        30_000,
        20,
      ).catch((error: unknown) => report(String(error)));
      const these = inboxes.map(arrivedAt);
      missing += these.filter((at) => at === undefined).length;
      const delays = these.flatMap((at) => (at === undefined ? [] : [at - started]));
      times.push(...delays);
      lastPerListing.push(Math.max(...delays));
      report(
        `fan-out ${k + 1}/${listings}: ${delays.length}/${followers} inboxes, last after ${Math.max(...delays).toFixed(0)} ms`,
      );
      await sleep(500);
    }
    times.sort((a, b) => a - b);
    return {
      followers,
      listings,
      p50Ms: percentile(times, 50),
      p95Ms: percentile(times, 95),
      maxMs: times.at(-1) ?? Number.NaN,
      lastPerListingMs: lastPerListing,
      missing,
      loadAverage,
    };
  } finally {
    await Promise.all(inboxes.map((inbox) => inbox.close()));
  }
}
