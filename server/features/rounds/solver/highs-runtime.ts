/**
 * HiGHS (an LP/MIP solver, compiled to WebAssembly) loaded once per process, on first use: the
 * uncapped solver only needs it when its own member search cannot close the gap quickly.
 */
import highsModule, { type Highs, type HighsCallbackMap } from 'highs';

type HighsLoader = () => Promise<Highs>;

/**
 * The package is CommonJS with an ESM build: Node's ESM loader hands us the loader function, while
 * its typings, read under NodeNext, describe the CommonJS namespace ({ default }). Both are taken.
 */
const highsLoader: HighsLoader =
  typeof highsModule === 'function'
    ? highsModule
    : (highsModule as unknown as { default: HighsLoader }).default;

let runtime: Promise<Highs> | undefined;

export function loadHighs(): Promise<Highs> {
  runtime ??= highsLoader();
  return runtime;
}

export const MODEL_STATUS = { optimal: 7, infeasible: 8 } as const;
export const FEASIBLE_SOLUTION = 2;

/** Objectives here are integers: an absolute gap below one is a proof. */
export function mipOptions(deadline: number) {
  return {
    output_flag: false,
    mip_rel_gap: 0,
    mip_abs_gap: 0.999,
    time_limit: Math.max(0.01, (deadline - performance.now()) / 1000),
  };
}

/**
 * Stops a run at the deadline from inside HiGHS's simplex, interior-point and MIP loops:
 * `time_limit` alone let the capped bench case run 4 s past it (measured under load). `stop`
 * stops it earlier (a phase's CPU time spent, cpu-clock.ts).
 */
export function stopAt(
  highs: Highs,
  deadline: number,
  stop: () => boolean = () => false,
): HighsCallbackMap {
  const { simplexInterrupt, ipmInterrupt, mipInterrupt } = highs.constants.callbackType;
  const check = (event: { interrupt(): void }): undefined => {
    if (performance.now() > deadline || stop()) event.interrupt();
  };
  return { [simplexInterrupt]: check, [ipmInterrupt]: check, [mipInterrupt]: check };
}
