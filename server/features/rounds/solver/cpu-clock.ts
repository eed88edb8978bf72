/**
 * CPU time of this process, for budgets that must not starve when the machine is shared: under
 * load, wall time passes while the process waits for a core, so a wall-clock budget of 400 ms
 * could mean 100 ms of actual search (and a run that then fell back to slow programs took 91 s).
 */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** A budget of `ms` milliseconds of this process's CPU time, from now. */
export function cpuBudget(ms: number): { spent(): boolean } {
  const stop = cpuMs() + ms;
  return { spent: () => cpuMs() > stop };
}

/**
 * One phase of a search with a wall-clock deadline for the whole run: it may use `cpuShareMs` of
 * CPU time, so that on a shared machine it does the same work whatever the load, but never past
 * `wallDeadline`, so that the run as a whole keeps its wall-clock budget. `deadline` is when the
 * wall-clock limit falls (for HiGHS's own `time_limit`), `stop()` says whether either is spent.
 */
export type Phase = { deadline: number; stop(): boolean };

export function phase(cpuShareMs: number, wallDeadline: number): Phase {
  const budget = cpuBudget(cpuShareMs);
  return {
    deadline: wallDeadline,
    stop: () => performance.now() > wallDeadline || budget.spent(),
  };
}
