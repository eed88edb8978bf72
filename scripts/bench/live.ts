import { chromium } from '@playwright/test';
import { openEventStream } from '../../server/testing/event-stream.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/**
 * Time from the start of POST /api/swap-requests/:id/messages to the message's event arriving
 * on the other party's open stream, one message at a time.
 */
export async function messageDelivery(
  baseUrl: string,
  conversationId: number,
  senderCookie: string,
  receiverCookie: string,
  count: number,
) {
  const stream = await openEventStream(baseUrl, receiverCookie);
  if (stream.status !== 200) throw new Error(`stream answered ${stream.status}`);
  const samples: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/swap-requests/${conversationId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: senderCookie },
        body: JSON.stringify({ content: `Delivery probe ${i}` }),
      });
      if (response.status !== 201) throw new Error(`message post answered ${response.status}`);
      const { id } = (await response.json()) as { id: number };
      await stream.next((e) => e.type === 'message' && e.messageId === id, 5000);
      samples.push(performance.now() - started);
    }
  } finally {
    stream.close();
  }
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? NaN,
  };
}

/** Requests an idle, signed-in /my-offers tab makes in a minute once it has settled. */
export async function idleTabRequests(baseUrl: string, cookie: string, windowMs: number) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: baseUrl });
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: baseUrl }]);
    const page = await context.newPage();
    await page.goto('/my-offers');
    await page.getByRole('tab', { name: /Received/ }).waitFor();
    await page.waitForTimeout(5000); // settle: first loads and the 3 s "seen" mark
    const requests: string[] = [];
    page.on('request', (request) =>
      requests.push(`${request.method()} ${new URL(request.url()).pathname}`),
    );
    await page.waitForTimeout(windowMs);
    // Pictures are fetched once each (immutable) as the header carousel turns; they are counted
    // apart from API calls, which are what polling would make.
    const api = requests.filter((r) => r.includes(' /api/') && !r.includes(' /api/images/'));
    return {
      windowMs,
      requests: api.length,
      perMinute: (api.length * 60_000) / windowMs,
      paths: api,
      pictures: requests.length - api.length,
    };
  } finally {
    await browser.close();
  }
}
