import { afterEach, describe, expect, it } from 'vitest';
import { type LaneThreads, laneThreads } from './lane-threads.js';

const LANE = 'lane.test';
let lanes: LaneThreads | undefined;
afterEach(() => lanes?.stop());

async function until(condition: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

function start(env: Record<string, string> = {}) {
  const logged: string[] = [];
  const wokenOnMain: string[] = [];
  lanes = laneThreads({
    count: 1,
    entry: new URL('../testing/lane-thread-fixture.ts', import.meta.url),
    execArgv: ['--import', 'tsx'],
    data: { queue: LANE, databaseUrl: 'unused', sessionSecret: 'unused', env },
    log: { info: (m) => void logged.push(m), error: (_o, m) => void logged.push(m) },
  });
  lanes.start((queue) => void wokenOnMain.push(queue));
  return { lanes, logged, wokenOnMain };
}

describe('lane threads', () => {
  it('take their lane from the main thread while up, and pass wakes both ways', async () => {
    const { lanes, wokenOnMain } = start();
    // Until a thread is up, the main thread runs the lane: nothing waits for a slow start.
    expect(lanes.mainLanes.runs?.(LANE)).toBe(true);
    await until(() => lanes.running() === 1);
    expect(lanes.mainLanes.runs?.(LANE)).toBe(false);
    expect(lanes.mainLanes.runs?.('email')).toBe(true);
    lanes.mainLanes.wakeElsewhere?.(LANE);
    await until(() => wokenOnMain.length > 0);
    expect(wokenOnMain).toEqual([`${LANE}-echo`]);
    await lanes.stop();
    expect(lanes.running()).toBe(0);
    expect(lanes.mainLanes.runs?.(LANE)).toBe(true);
  });

  it('start a thread that died again, the main thread running the lane meanwhile', async () => {
    const { lanes, logged } = start({ CRASH_AFTER_MS: '300' });
    await until(() => lanes.running() === 1);
    await until(() => logged.some((line) => line.includes('stopped; starting it again')));
    expect(lanes.running()).toBe(0);
    expect(lanes.mainLanes.runs?.(LANE)).toBe(true);
    await until(() => logged.filter((line) => line.includes('is running')).length === 2);
    expect(lanes.running()).toBe(1);
  });

  it('end a thread still starting at once when stopped, not once it is up', async () => {
    const { lanes, logged } = start({ READY_AFTER_MS: '60000' });
    await new Promise((r) => setTimeout(r, 300));
    const asked = Date.now();
    await lanes.stop();
    // Waiting for it would take the whole start-up, or the 15 s after which a thread is ended.
    expect(Date.now() - asked).toBeLessThan(5_000);
    expect(logged.filter((line) => line.includes('is running'))).toEqual([]);
  });
});
