import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../../shared/events';
import { connectLive, type LiveSource } from './live-connection';

class FakeSource implements LiveSource {
  onopen: LiveSource['onopen'] = null;
  onmessage: LiveSource['onmessage'] = null;
  onerror: LiveSource['onerror'] = null;
  readyState = 0;
  closed = false;
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.call(undefined as never, new Event('open'));
  }
  send(data: string) {
    this.onmessage?.call(undefined as never, new MessageEvent('message', { data }));
  }
  /** The browser gave up on the stream (e.g. the server answered 401 or 503). */
  fail() {
    this.readyState = 2;
    this.onerror?.call(undefined as never, new Event('error'));
  }
  /** The connection dropped and the browser is retrying by itself. */
  drop() {
    this.readyState = 0;
    this.onerror?.call(undefined as never, new Event('error'));
  }
}

let sources: FakeSource[];
let events: LiveEvent[];
let statuses: boolean[];

function connect() {
  return connectLive({
    openSource: () => {
      const source = new FakeSource();
      sources.push(source);
      return source;
    },
    onEvent: (event) => events.push(event),
    onStatus: (connected) => statuses.push(connected),
    minDelayMs: 1000,
    maxDelayMs: 8000,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, 'random').mockReturnValue(1); // no jitter: waits are exactly the delay
  sources = [];
  events = [];
  statuses = [];
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('connectLive', () => {
  it('passes events on and reports the stream open, without a resync the first time', () => {
    connect();
    sources[0]?.open();
    sources[0]?.send('{"type":"swap-request","swapRequestId":3}');
    sources[0]?.send('not json');
    expect(statuses).toEqual([true]);
    expect(events).toEqual([{ type: 'swap-request', swapRequestId: 3 }]);
  });

  it('reports the stream down while the browser retries, and resyncs when it is back', () => {
    connect();
    sources[0]?.open();
    sources[0]?.drop();
    expect(statuses).toEqual([true, false]);
    sources[0]?.open();
    expect(statuses).toEqual([true, false, true]);
    expect(events).toEqual([{ type: 'resync' }]);
    expect(sources).toHaveLength(1);
  });

  it('reopens a refused stream with doubling waits, capped, reset by success', () => {
    connect();
    const waits: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const before = Date.now();
      sources.at(-1)?.fail();
      const count = sources.length;
      while (sources.length === count) vi.advanceTimersByTime(100);
      waits.push(Date.now() - before);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 8000]);
    sources.at(-1)?.open();
    sources.at(-1)?.fail();
    vi.advanceTimersByTime(999);
    const count = sources.length;
    vi.advanceTimersByTime(1);
    expect(sources.length).toBe(count + 1);
  });

  it('closes for good when stopped, with no retry pending', () => {
    const stop = connect();
    sources[0]?.fail();
    stop();
    vi.advanceTimersByTime(60_000);
    expect(sources).toHaveLength(1);
    expect(statuses.at(-1)).toBe(false);
  });
});
