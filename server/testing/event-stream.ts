import http from 'node:http';
import type { LiveEvent } from '../../shared/events.js';

export type EventStream = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every event received so far, in order. */
  received: LiveEvent[];
  /** Resolves with the first event (already received or still to come) that matches. */
  next: (matches: (event: LiveEvent) => boolean, timeoutMs?: number) => Promise<LiveEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
};

/** Opens GET /api/events on a listening server, as a browser's EventSource would. */
export async function openEventStream(baseUrl: string, cookie?: string): Promise<EventStream> {
  const request = http.get(`${baseUrl}/api/events`, {
    headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
    agent: false,
  });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  const received: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  let isOver = false;
  let buffer = '';
  response.setEncoding('utf8');
  const ended = new Promise<void>((resolve) => {
    const finish = () => {
      isOver = true;
      for (const wake of waiters) wake();
      resolve();
    };
    response.on('end', finish);
    response.on('close', finish);
    response.on('error', finish);
  });
  response.on('data', (chunk: string) => {
    if (response.statusCode !== 200) return;
    buffer += chunk;
    for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
      const frame = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = frame
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      if (data) received.push(JSON.parse(data) as LiveEvent);
    }
    for (const wake of waiters) wake();
  });

  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    received,
    ended,
    close: () => request.destroy(),
    next(matches, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(matches);
          if (found) {
            cleanup();
            resolve(found);
          } else if (isOver) {
            cleanup();
            reject(new Error(`Stream ended; received ${JSON.stringify(received)}`));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(`No matching event in ${timeoutMs} ms; got ${JSON.stringify(received)}`),
          );
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}
