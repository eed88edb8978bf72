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
