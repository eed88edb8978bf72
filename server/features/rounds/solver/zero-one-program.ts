/**
 * One HiGHS run of a program whose columns all lie in [0, 1] (some of them integer): the model
 * passed in column form, the integer options (mipOptions) and any extra ones, an optional start,
 * a run that the deadline interrupts (stopAt), and the outcome read back. Both integer-program
 * callers, over loops (cycle-ilp.ts) and over the most-items face (face-ilp.ts), build their
 * program and read their answer from the columns; this is the part they share.
 */
import type { Highs, OptionValue } from 'highs';
import { FEASIBLE_SOLUTION, MODEL_STATUS, mipOptions, stopAt } from './highs-runtime.js';

/** Below this many milliseconds before the deadline a program is not started. */
const MIN_PROGRAM_MS = 50;

export type ZeroOneProgram = {
  sense: 'minimize' | 'maximize';
  numRows: number;
  colCost: Float64Array;
  /** Column k has `values[p]` in row `indices[p]` for p in starts[k] .. starts[k + 1]. */
  starts: readonly number[];
  indices: readonly number[];
  values: readonly number[];
  /** 1 for an integer column, 0 for a continuous one. */
  integrality: Int32Array;
  rowLower: Float64Array;
  rowUpper: Float64Array;
  /** A starting answer, one value per column. */
  start?: Float64Array | null;
  /** Options on top of mipOptions(deadline). */
  options?: Readonly<Record<string, OptionValue>>;
};

/**
 * What a run gives: the answer read from the columns' values (null if none was found), its
 * objective rounded (every objective here is an integer), the best bound proven (NaN if none),
 * and whether it is proven optimal. A program proven infeasible is "optimal" with no answer.
 */
export type ProgramOutcome<T> = {
  answer: T | null;
  value: number | null;
  bound: number;
  optimal: boolean;
};

/** Whether there is too little time left to start a program. */
export const tooLateForProgram = (deadline: number) =>
  deadline - performance.now() <= MIN_PROGRAM_MS;

export function runZeroOneProgram<T>(
  highs: Highs,
  program: ZeroOneProgram,
  deadline: number,
  read: (colValue: Float64Array) => T,
): ProgramOutcome<T> {
  const numCols = program.colCost.length;
  const model = highs.createModel();
  try {
    model.passModel({
      numCols,
      numRows: program.numRows,
      sense: highs.constants.objectiveSense[program.sense],
      colCost: program.colCost,
      colLower: new Float64Array(numCols),
      colUpper: new Float64Array(numCols).fill(1),
      rowLower: program.rowLower,
      rowUpper: program.rowUpper,
      matrix: {
        format: 'csc',
        numRows: program.numRows,
        numCols,
        starts: Int32Array.from(program.starts),
        indices: Int32Array.from(program.indices),
        values: Float64Array.from(program.values),
      },
      integrality: program.integrality,
    });
    model.options.set({ ...mipOptions(deadline), ...program.options });
    if (program.start) model.setSolution({ colValue: program.start });
    const { modelStatus } = model.run(stopAt(highs, deadline));
    if (modelStatus === MODEL_STATUS.infeasible)
      return { answer: null, value: null, bound: Number.NaN, optimal: true };
    const dualBound = Number(model.info.get('mip_dual_bound'));
    if (model.info.get('primal_solution_status') !== FEASIBLE_SOLUTION)
      return { answer: null, value: null, bound: dualBound, optimal: false };
    const answer = read(model.getSolution().colValue);
    const value = Math.round(model.getObjectiveValue());
    const optimal = modelStatus === MODEL_STATUS.optimal;
    return { answer, value, bound: optimal ? value : dualBound, optimal };
  } finally {
    model.dispose();
  }
}
