import { describe, expect, it } from 'vitest';
import { cpuBudget, cpuMs, phase } from './cpu-clock.js';

/** Waits without using the CPU, as a process does on a busy machine while others run. */
function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Computes for `ms` milliseconds of CPU time (however long that takes on a shared machine). */
function burn(ms: number): void {
  const until = cpuMs() + ms;
  let x = 0;
  while (cpuMs() < until) x += Math.sqrt(x + 1);
  expect(x).toBeGreaterThan(0);
}

describe('cpuBudget', () => {
  it('does not count time spent waiting for a core, only time computing', () => {
    const budget = cpuBudget(100);
    sleep(300);
    expect(budget.spent()).toBe(false);
    burn(150);
    expect(budget.spent()).toBe(true);
  });
});

describe('phase', () => {
  it('gives a phase its CPU time however long the waits, but never past its wall deadline', () => {
    const waited = phase(100, performance.now() + 10_000);
    sleep(200);
    expect(waited.stop()).toBe(false);
    burn(120);
    expect(waited.stop()).toBe(true);

    const late = phase(10_000, performance.now() + 150);
    expect(late.stop()).toBe(false);
    sleep(200);
    expect(late.stop()).toBe(true);
  });
});
